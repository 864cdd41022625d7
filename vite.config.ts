import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { type Plugin, defineConfig } from "vite";

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

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    // The server build's entry is our server (React Router's build is imported by it).
    rollupOptions: isSsrBuild ? { input: "./server/main.ts" } : undefined,
    target: "es2022",
  },
  plugins: [serverOnly(), reactRouter()],
}));
