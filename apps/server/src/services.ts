/**
 * The composition root: every service built once, with its real dependencies, for the HTTP
 * app and the job workers alike.
 */
import path from 'node:path';
import { AccessTokens } from './platform/auth/tokens';
import { UploadSigner } from './platform/auth/upload-signatures';
import type { Config } from './platform/config/config';
import type { DatabaseHandle } from './platform/db/client';
import { probeVideo } from './platform/media/video/probe';
import type { JobQueue } from './platform/queue/job-queue';
import type { Storage } from './platform/storage/storage';
import { AuthRepository, AuthService, SessionCache } from './modules/auth';
import { ChannelsRepository, ChannelsService } from './modules/channels';
import { CommentsRepository, CommentsService } from './modules/comments';
import { LikesRepository, LikesService } from './modules/likes';
import { SearchRepository, SearchService } from './modules/search';
import { SubscriptionsRepository, SubscriptionsService } from './modules/subscriptions';
import { TweetsRepository, TweetsService } from './modules/tweets';
import { UploadsRepository, UploadsService } from './modules/uploads';
import { UsersRepository, UsersService } from './modules/users';
import {
  deleteFilesJob,
  processVideoJob,
  VideoProcessor,
  VideosRepository,
  VideosService,
} from './modules/videos';

export interface Services {
  tokens: AccessTokens;
  /** Access tokens checked moments ago (decision 0018); revocations here forget them. */
  sessions: SessionCache;
  auth: AuthService;
  users: UsersService;
  uploads: UploadsService;
  videos: VideosService;
  videoProcessor: VideoProcessor;
  comments: CommentsService;
  likes: LikesService;
  subscriptions: SubscriptionsService;
  channels: ChannelsService;
  tweets: TweetsService;
  search: SearchService;
}

export function createServices(deps: {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  queue: JobQueue;
}): Services {
  const { config, database, storage, queue } = deps;
  const db = database.db;
  const tokens = new AccessTokens(config.secrets.jwtSecret, config.accessTokenTtlSeconds);
  const sessions = new SessionCache();
  const auth = new AuthService(
    new AuthRepository(db, sessions),
    tokens,
    config.refreshTokenTtlSeconds,
  );
  const users = new UsersService(new UsersRepository(db), auth, storage);
  const uploads = new UploadsService(
    new UploadsRepository(db),
    storage,
    new UploadSigner(config.secrets.uploadSigningSecret),
    (file) => probeVideo(file),
    config.uploadsDir,
    config.uploadLimits,
  );
  const videosRepo = new VideosRepository(db);
  const videos = new VideosService(videosRepo, uploads, {
    processVideo: (videoId) => queue.send(processVideoJob, { videoId }),
    deleteFiles: (files) => queue.send(deleteFilesJob, files),
  });
  const comments = new CommentsService(new CommentsRepository(db), videos);
  return {
    tokens,
    sessions,
    auth,
    users,
    uploads,
    videos,
    videoProcessor: new VideoProcessor(videosRepo, storage, path.join(config.dataDir, 'work')),
    comments,
    likes: new LikesService(new LikesRepository(db), videos, comments),
    subscriptions: new SubscriptionsService(new SubscriptionsRepository(db)),
    channels: new ChannelsService(new ChannelsRepository(db)),
    tweets: new TweetsService(new TweetsRepository(db)),
    search: new SearchService(new SearchRepository(db), videos),
  };
}
