export { SubscriptionsRepository } from './subscriptions.repository';
export { SubscriptionsService } from './subscriptions.service';
export { registerSubscriptionRoutes } from './subscriptions.routes';
