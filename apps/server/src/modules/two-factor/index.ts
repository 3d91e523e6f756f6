export { TwoFactorChallenges } from './two-factor-challenges';
export { TwoFactorRepository } from './two-factor.repository';
export { TwoFactorService } from './two-factor.service';
export { registerTwoFactorRoutes } from './two-factor.routes';
