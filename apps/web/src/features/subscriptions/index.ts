export { subscriptionKeys, subscriptionQueries } from './api/subscriptions-api';
