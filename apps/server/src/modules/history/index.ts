export { HistoryRepository } from './history.repository';
export { HistoryService } from './history.service';
export { registerHistoryRoutes } from './history.routes';
