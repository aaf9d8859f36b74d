import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The web server (API, Socket.IO) in development; the built client is served by it in production. */
const API_TARGET = "http://localhost:5000";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // No changeOrigin: the server checks that Origin matches Host, and both stay the dev server's.
    proxy: {
      "/api": { target: API_TARGET },
      "/socket.io": { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // These modules only declare things but do not say so in package.json, so an import of
        // one export kept whole packages: a constant from shared-types pulled in every zod
        // schema, antd's Input pulled in all of @rc-component/form.
        moduleSideEffects: [
          { test: /[\\/]shared-types[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});
