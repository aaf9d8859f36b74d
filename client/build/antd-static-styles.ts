/**
 * antd's styles as static CSS files, split by component, instead of generated in the
 * browser (docs/decisions.md). antd's runtime builds each
 * component's CSS the first time it renders and injects it in the commit: on a phone that
 * was most of the first screen's blocking time. With the theme's `zeroRuntime` antd skips
 * that, and this plugin gives every antd module that names a class prefix
 * (`getPrefixCls("btn")`) an import of that prefix's rules from the CSS antd publishes
 * (`antd/dist/antd.css`). Vite then ships each rule with the chunk that draws it, and
 * loads it before that chunk runs. The rules sit in `@layer antd`, so the app's own CSS
 * overrides them whatever order the files load in, as it did the injected styles.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const VIRTUAL = "virtual:antd-style/";
/** The rules no component claims: animations, icons, links, the wave effect. */
const BASE = "base";
const ANTD_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/](?!style[\\/]|theme[\\/])[\w-]+[\\/].*\.js$/;
const CONFIG_PROVIDER = /[\\/]node_modules[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/;
/** The icons' context: every antd icon imports it, so the icons' own base rules go with it. */
const ICON_CONTEXT = /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]components[\\/]Context\.js$/;
const ICONS = "icons";
const PREFIX_CALL = /getPrefixCls\(\s*'([\w-]+)'/g;
/**
 * Rules of the page antd built its CSS file on (its own element ids) and of its server
 * rendering's cache: nothing in this app matches them.
 */
const NOT_OURS = /^\.(css-var-_|data-ant-cssinjs-cache-path)/;

/** Top-level blocks of a stylesheet: rules, and at-rules with their blocks. */
function blocksOf(css: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === "{") depth++;
    else if (css[i] === "}" && --depth === 0) {
      blocks.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return blocks;
}

/** The prefix a rule belongs to: the longest known one its first antd class starts with. */
function ownerOf(selector: string, prefixes: readonly string[]): string {
  const first = /\.ant-([\w-]+)/.exec(selector)?.[1];
  if (!first) return BASE;
  const owner = prefixes.find((prefix) => first === prefix || first.startsWith(`${prefix}-`));
  return owner ?? BASE;
}

/** antd's CSS as one text per class prefix (and BASE), for the prefixes given. */
function splitByPrefix(css: string, known: Iterable<string>): Map<string, string> {
  const prefixes = [...known].sort((a, b) => b.length - a.length);
  const parts = new Map<string, string[]>();
  const add = (owner: string, text: string) => parts.set(owner, [...(parts.get(owner) ?? []), text]);
  for (const block of blocksOf(css)) {
    const head = block.slice(0, block.indexOf("{")).trim();
    if (NOT_OURS.test(head)) continue;
    if (head.startsWith("@keyframes") || head.startsWith("@font-face")) {
      add(BASE, block);
    } else if (head.startsWith("@")) {
      // @media, @supports, @container: each inner rule goes with its owner, wrapped again.
      const inner = new Map<string, string[]>();
      for (const rule of blocksOf(block.slice(block.indexOf("{") + 1, -1))) {
        const owner = ownerOf(rule.slice(0, rule.indexOf("{")), prefixes);
        inner.set(owner, [...(inner.get(owner) ?? []), rule]);
      }
      for (const [owner, rules] of inner) add(owner, `${head}{${rules.join("")}}`);
    } else {
      add(ownerOf(head, prefixes), block);
    }
  }
  return new Map([...parts].map(([owner, texts]) => [owner, `@layer antd{${texts.join("")}}`]));
}

/** Every class prefix antd's modules name: the split must know them all before any file is cut. */
function prefixesIn(antdEs: string): Set<string> {
  const prefixes = new Set<string>();
  for (const file of readdirSync(antdEs, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".js")) continue;
    for (const match of readFileSync(path.join(antdEs, file), "utf8").matchAll(PREFIX_CALL))
      prefixes.add(match[1]);
  }
  return prefixes;
}

export function antdStaticStyles(): Plugin {
  const require = createRequire(import.meta.url);
  let split: Map<string, string> | undefined;
  const cssFor = (name: string): string => {
    if (!split) {
      const css = require.resolve("antd/dist/antd.css");
      split = splitByPrefix(readFileSync(css, "utf8"), prefixesIn(path.join(path.dirname(css), "..", "es")));
    }
    // The icons' rules, which each icon would otherwise check for and insert as it mounts
    // (the app's IconProvider turns that off: app/Providers.tsx).
    if (name === ICONS) return `@layer antd{${require("@ant-design/icons/lib/utils").iconStyles}}`;
    return split.get(name) ?? "";
  };
  return {
    name: "sched:antd-static-styles",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return undefined;
      return cssFor(id.slice(VIRTUAL.length + 1, -".css".length));
    },
    transform(code, id) {
      if (ICON_CONTEXT.test(id)) return { code: `import "${VIRTUAL}${ICONS}.css";\n${code}`, map: null };
      if (!ANTD_MODULE.test(id)) return undefined;
      const prefixes = new Set([...code.matchAll(PREFIX_CALL)].map((match) => match[1]));
      if (CONFIG_PROVIDER.test(id)) prefixes.add(BASE);
      if (prefixes.size === 0) return undefined;
      const imports = [...prefixes].map((prefix) => `import "${VIRTUAL}${prefix}.css";`).join("\n");
      return { code: `${imports}\n${code}`, map: null };
    },
  };
}
