export { VideosRepository, videoRecordSource, type VideoRecord } from './videos.repository';
export { VideosService, type VideoJobs } from './videos.service';
export { presentVideo, shareVideos } from './videos.presenter';
export {
  CardRepository,
  cardUrlPrefix,
  presentVideoCards,
  presentVideoCardsWith,
  videoCardColumns,
  type VideoCardRow,
} from './videos.cards';
export { registerVideoRoutes } from './videos.routes';
export {
  assertCanEditVideo,
  assertCanInteractWithVideo,
  canInteractWithVideo,
  canSeeDraftsOf,
  canEmbedVideo,
  canListVideo,
  canSeeVideo,
  leavesWatchTraces,
  videosInteractableBy,
  videosVisibleTo,
  videosWatchableBy,
  type PolicyVideo,
} from './videos.policy';
export { VideoProcessor, processVideoJob, deleteFilesJob, deleteFiles } from './videos.jobs';
export { requeueUnfinishedVideos } from './videos.requeue';
