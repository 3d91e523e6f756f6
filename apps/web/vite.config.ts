import type * as Contract from '@kinora/contract';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

/** The API server of `npm run dev`; the built app is served by that server itself. */
const apiOrigin = 'http://localhost:3000';

/**
 * What the API client needs of each endpoint (method, path, file fields), taken from the
 * contract when the app is built: the app's bundle then carries no schema and no zod unless a
 * screen asks for one (a form's validation, loaded with that screen).
 */
// The contract is TypeScript source that this config's own loader leaves to Node; tsx reads it.
const { endpoints }: typeof Contract = await tsImport('@kinora/contract', import.meta.url);
const apiRoutes = Object.fromEntries(
  Object.entries(endpoints).map(([name, endpoint]) => [
    name,
    {
      method: endpoint.method,
      path: endpoint.path,
      ...('files' in endpoint ? { files: endpoint.files } : {}),
    },
  ]),
);

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  define: { __KINORA_API_ROUTES__: JSON.stringify(apiRoutes) },
  server: {
    port: 5173,
    proxy: {
      '/api': apiOrigin,
      '/media': apiOrigin,
      // Self-hosted media uploads in the hosted provider's shape (ARCHITECTURE.md §3).
      '/v1_1': apiOrigin,
      '/socket.io': { target: apiOrigin, ws: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports knows <link rel=modulepreload> (Safari 17, Firefox 115):
    // the polyfill would only add to the first load.
    modulePreload: { polyfill: false },
  },
});
