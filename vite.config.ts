import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { type DepOptimizationOptions, type Plugin, defineConfig } from "vite";

type EsbuildPlugin = NonNullable<NonNullable<DepOptimizationOptions["esbuildOptions"]>["plugins"]>[number];

const serverDir = path.resolve(import.meta.dirname, "server") + path.sep;

/**
 * server/ is server-only (STYLE.md §2): the client build fails if anything imports it.
 * Type-only imports are erased before this check and are fine.
 */
function serverOnly(): Plugin {
  return {
    name: "devprep:server-only",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (options?.ssr || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && resolved.id.startsWith(serverDir)) {
        this.error(
          `${path.relative(process.cwd(), resolved.id)} is server-only but is imported by browser code in ${path.relative(process.cwd(), importer)}`,
        );
      }
      return null;
    },
  };
}

/**
 * The browser runs Preact's compat layer where the code says React (docs/decisions/016): the same
 * components, hydrating the HTML React renders on the server, for about 60 kB less JavaScript.
 * Only browser-side resolution is redirected; the server keeps React.
 */
const PREACT_FOR_REACT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-dev-runtime",
};

function preactInBrowser(): Plugin {
  return {
    name: "devprep:preact-in-browser",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const target = PREACT_FOR_REACT[source];
      if (!target || options?.ssr) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * The same redirection inside the dependencies `vite dev` pre-bundles for the browser (React
 * Router, sonner, lucide): they must use the one Preact the app code uses, which is pre-bundled
 * with them (`optimizeDeps.include` below) so that there is a single copy.
 */
const preactInPrebundledDependencies: EsbuildPlugin = {
  name: "devprep:preact-in-prebundled-dependencies",
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/client|\/jsx-runtime|\/jsx-dev-runtime)?$/ }, (args) => {
      const target = PREACT_FOR_REACT[args.path];
      return target ? build.resolve(target, { kind: args.kind, resolveDir: args.resolveDir }) : undefined;
    });
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    // The server build's entry is our server (React Router's build is imported by it).
    rollupOptions: isSsrBuild ? { input: "./server/main.ts" } : undefined,
    target: "es2022",
  },
  // Top-level optimizeDeps is the browser's (the server's is ssr.optimizeDeps).
  optimizeDeps: {
    include: ["preact", "preact/hooks", "preact/compat", "preact/compat/client", "preact/jsx-runtime", "preact/jsx-dev-runtime"],
    esbuildOptions: { plugins: [preactInPrebundledDependencies] },
  },
  plugins: [serverOnly(), preactInBrowser(), reactRouter()],
}));
