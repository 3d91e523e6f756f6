export { discoveryKeys, discoveryQueries } from './api/discovery-api';
