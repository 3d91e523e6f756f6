export { subscriptionKeys } from './api/subscriptions-api';
