export { twoFactorKeys, twoFactorQueries } from './api/two-factor-api';
