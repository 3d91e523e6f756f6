export { discoveryKeys } from './api/discovery-api';
