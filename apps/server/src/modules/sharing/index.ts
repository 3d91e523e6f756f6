// What a shared link shows where it is pasted, and the oEmbed answer for embedding it.
export { registerOEmbedRoute } from './oembed.routes';
export { pageMetaReader } from './page-meta';
