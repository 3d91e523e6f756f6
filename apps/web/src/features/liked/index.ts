// What other screens show of the liked videos (the library).
export { likedKeys, likedQueries, recentLikedQuery } from './api/liked-api';
