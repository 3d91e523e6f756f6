// What other screens show of the watch history (the library, the cards' watched part).
export { historyKeys, historyQueries, recentHistoryQuery } from './api/history-api';
export { WatchedPart } from './components/WatchedPart';
