// What a shared link shows where it is pasted.
export { pageMetaReader } from './page-meta';
