export { SearchRepository } from './search.repository';
export { SearchService, searchWords } from './search.service';
export { registerSearchRoutes } from './search.routes';
