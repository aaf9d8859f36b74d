/**
 * The customer's pages (/book/<slug>, /visit/<token>: docs/customer-pages.md) are a second
 * page of the build, customer.html, apart from the office app. In production the server
 * answers their paths with it (server/src/http/client-files.ts); these plugins do the rest.
 */
import type { Plugin } from "vite";

const CUSTOMER_PATH = /^\/(book|visit|quote)\//i;

/** `npm run dev`: the dev server answers the customer's paths with customer.html, as the server does. */
export const customerPagesInDev: Plugin = {
  name: "sched:customer-pages-in-dev",
  apply: "serve",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && CUSTOMER_PATH.test(req.url)) req.url = "/customer.html";
      next();
    });
  },
};

/** customer.html is no installable office app: the PWA plugin's manifest link comes off it. */
export const customerPageWithoutManifest: Plugin = {
  name: "sched:customer-page-without-manifest",
  // After the PWA plugin (itself "post"), which writes the link into every page.
  enforce: "post",
  transformIndexHtml: {
    order: "post",
    handler: (html, { filename }) =>
      filename.endsWith("customer.html") ? html.replace(/<link rel="manifest"[^>]*>/, "") : html,
  },
};
