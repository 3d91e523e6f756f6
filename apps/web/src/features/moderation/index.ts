// What other screens show of moderation: the report menu beside a thing, Approve/Reject under a
// held one, and the /moderation page (decision 0038). The app loads each on demand.
export { ReportMenu, ReportDialog } from './components/ReportMenu';
export { HeldReviewButtons } from './components/HeldReviewButtons';
export { ModerationPage } from './components/ModerationPage';
export { moderationKeys, moderationQueries, moderationText } from './api/moderation-api';
