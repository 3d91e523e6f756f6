export { UploadsRepository, type MediaAssetRow } from './uploads.repository';
export { UploadsService } from './uploads.service';
export type { VideoFacts, VideoProber } from './upload-finalizer';
export type { UploadLimits } from './upload-limits';
export { registerUploadRoutes, cloudName } from './uploads.routes';
