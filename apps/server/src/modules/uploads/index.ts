export { UploadsRepository, type MediaAssetRow } from './uploads.repository';
export {
  UploadsService,
  type VideoProber,
  type VideoFacts,
  type UploadLimits,
} from './uploads.service';
export { registerUploadRoutes, cloudName } from './uploads.routes';
