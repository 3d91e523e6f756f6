/**
 * The composition root: every service built once, with its real dependencies, for the HTTP
 * app and the job workers alike.
 */
import path from 'node:path';
import { AccessTokens } from './platform/auth/tokens';
import { UploadSigner } from './platform/auth/upload-signatures';
import type { Config } from './platform/config/config';
import type { Database, DatabaseHandle } from './platform/db/client';
import { DomainEvents } from './platform/events/domain-events';
import { browserPlaybackOf } from './platform/media/video/browser-playback';
import { probeVideo } from './platform/media/video/probe';
import type { JobQueue } from './platform/queue/job-queue';
import type { Storage } from './platform/storage/storage';
import { SecretBox } from './platform/auth/secret-box';
import { createSmtpMailer, type Mailer } from './platform/mail/mailer';
import { AuthRepository, AuthService, SessionCache } from './modules/auth';
import {
  PasswordResetRepository,
  PasswordResetService,
  ResetLinks,
} from './modules/password-reset';
import { TwoFactorChallenges, TwoFactorRepository, TwoFactorService } from './modules/two-factor';
import {
  AccountDeletionRepository,
  AccountExportRepository,
  AccountService,
  SessionsRepository,
} from './modules/account';
import { ChannelsRepository, ChannelsService } from './modules/channels';
import { CommentsRepository, CommentsService } from './modules/comments';
import { HistoryRepository, HistoryService } from './modules/history';
import { LikesRepository, LikesService } from './modules/likes';
import { PlaylistsRepository, PlaylistsService } from './modules/playlists';
import {
  ConversationsRepository,
  ConversationsService,
  MessageRequestsRepository,
  MessageRequestsService,
  MessageSafetyRepository,
  MessageSafetyService,
  MessagesRepository,
  MessagesService,
  type Messaging,
} from './modules/messages';
import {
  fanOutVideoJob,
  listenForNotifications,
  NotificationsRepository,
  NotificationsService,
  PushRepository,
  PushService,
} from './modules/notifications';
import { WebPushSender } from './platform/push/web-push-sender';
import { keepAdminAccount, ModerationRepository, ModerationService } from './modules/moderation';
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
import { CaptionsRepository, CaptionsService } from './modules/captions';

export interface Services {
  tokens: AccessTokens;
  /** Access tokens checked moments ago (decision 0018); revocations here forget them. */
  sessions: SessionCache;
  auth: AuthService;
  users: UsersService;
  uploads: UploadsService;
  videos: VideosService;
  captions: CaptionsService;
  videoProcessor: VideoProcessor;
  comments: CommentsService;
  likes: LikesService;
  playlists: PlaylistsService;
  history: HistoryService;
  subscriptions: SubscriptionsService;
  channels: ChannelsService;
  tweets: TweetsService;
  search: SearchService;
  messaging: Messaging;
  notifications: NotificationsService;
  pushes: PushService;
  /** Reports, the moderators' queue and actions, watched words (decision 0038). */
  moderation: ModerationService;
  passwordReset: PasswordResetService;
  twoFactor: TwoFactorService;
  /** Sessions and devices, the export of one's data, deleting the account. */
  account: AccountService;
  /** Told after each commit; sockets and notifications listen here (decision 0021). */
  events: DomainEvents;
}

export function createServices(deps: {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  queue: JobQueue;
  /** Where a failing event listener is reported. */
  onListenerError?: (error: unknown, event: string) => void;
  /** Where a reset mail that could not be sent is reported (the error only, no address). */
  onMailError?: (error: unknown) => void;
  /** Instead of SMTP_URL's (tests read what was sent). */
  mailer?: Mailer;
  /** Where a push a push service refused is reported (its status only, no address). */
  onPushError?: (error: unknown) => void;
}): Services {
  const { config, database, storage, queue } = deps;
  const events = new DomainEvents(deps.onListenerError ?? (() => undefined));
  const db = database.db;
  // A person's writes, and the session checks before them, on connections of their own (0059).
  const writes = database.writes;
  const tokens = new AccessTokens(config.secrets.jwtSecret, config.accessTokenTtlSeconds);
  // Without Redis there is one process, whose revocations the cache hears; with it, the event
  // relay tells the cache when it hears the others' (decision 0056).
  const sessions = new SessionCache({ hearsEveryProcess: !config.redis });
  events.onAnyProcess('sessions.ended', ({ sessionIds }) => sessions.forgetSessions(sessionIds));
  events.onAnyProcess('user.roleChanged', ({ userId }) => sessions.forgetUserSessions(userId));
  const twoFactorRepo = new TwoFactorRepository(db);
  const twoFactorChallenges = new TwoFactorChallenges(twoFactorRepo, config.secrets.jwtSecret);
  const auth = new AuthService(
    new AuthRepository(db, sessions, writes),
    tokens,
    config.refreshTokenTtlSeconds,
    config.secrets.jwtSecret,
    events,
    twoFactorChallenges,
  );
  const passwordResetRepo = new PasswordResetRepository(db);
  const mailer = deps.mailer ?? (config.mail ? createSmtpMailer(config.mail) : null);
  const users = new UsersService(new UsersRepository(db), auth, storage, events);
  const uploads = new UploadsService(
    new UploadsRepository(db),
    storage,
    new UploadSigner(config.secrets.uploadSigningSecret),
    // An upload cut short is refused before it becomes a video (decoding its last second).
    async (file) => {
      const probe = await probeVideo(file, { requireComplete: true });
      return { ...probe, playback: await browserPlaybackOf(file, probe) };
    },
    config.uploadsDir,
    config.uploadLimits,
  );
  const videosRepo = new VideosRepository(db, storage.publicUrlPrefix(), writes);
  const videos = new VideosService(
    videosRepo,
    uploads,
    {
      processVideo: (videoId) => queue.send(processVideoJob, { videoId }),
      deleteFiles: (files) => queue.send(deleteFilesJob, files),
    },
    events,
  );
  const comments = new CommentsService(new CommentsRepository(db, writes), videos, events);
  const captions = new CaptionsService(
    new CaptionsRepository(db),
    videos,
    storage,
    (files) => queue.send(deleteFilesJob, files),
    events,
  );
  // A new master from the transcode job gets its copy listing the captions (decision 0044).
  events.on('video.updated', ({ videoId, ownerId }) => captions.refreshMaster(videoId, ownerId));
  const notificationsRepo = new NotificationsRepository(db);
  const pushes = new PushService(
    new PushRepository(db),
    notificationsRepo,
    new WebPushSender(
      {
        subject: config.publicUrl.startsWith('https://')
          ? config.publicUrl
          : 'mailto:admin@localhost',
        publicKey: config.secrets.vapidPublicKey,
        privateKey: config.secrets.vapidPrivateKey,
      },
      {
        extraCa: config.pushCa,
        ...(deps.onPushError ? { onFailure: deps.onPushError } : {}),
      },
    ),
    storage,
    { publicKey: config.secrets.vapidPublicKey, services: config.pushServices },
  );
  const notifications = new NotificationsService(
    notificationsRepo,
    { fanOutVideo: (batch) => queue.send(fanOutVideoJob, batch) },
    events,
    pushes,
  );
  // Made from events after their commit, in the process that committed them (decision 0035).
  listenForNotifications(events, notifications);
  const moderationRepo = new ModerationRepository(db);
  if (config.adminUsername) {
    keepAdminAccount({
      events,
      repo: moderationRepo,
      username: config.adminUsername,
      onError: (error) => deps.onListenerError?.(error, 'admin account'),
    });
  }
  return {
    tokens,
    sessions,
    auth,
    users,
    uploads,
    videos,
    captions,
    videoProcessor: new VideoProcessor(
      videosRepo,
      storage,
      path.join(config.dataDir, 'work'),
      events,
    ),
    comments,
    likes: new LikesService(new LikesRepository(db, writes), videos, comments, events),
    playlists: new PlaylistsService(
      new PlaylistsRepository(db, writes, storage.publicUrlPrefix()),
      videos,
      events,
    ),
    history: new HistoryService(
      new HistoryRepository(db, storage.publicUrlPrefix(), writes),
      videos,
      events,
      // As long as a person's kept history answer: the cards' counters lag no more than its;
      // with kept answers off (`PUBLIC_CACHE_TTL=0`), nothing is kept here either.
      config.publicCacheTtlSeconds > 0 ? historyKeptSeconds(config) * 1000 : 0,
    ),
    subscriptions: new SubscriptionsService(
      new SubscriptionsRepository(db, undefined, writes),
      videos,
      events,
    ),
    channels: new ChannelsService(new ChannelsRepository(db), videos, events),
    tweets: new TweetsService(new TweetsRepository(db, undefined, writes), events),
    search: new SearchService(new SearchRepository(db), videos),
    messaging: createMessaging(db, writes, events, (key) => (key ? storage.publicUrl(key) : null)),
    notifications,
    pushes,
    moderation: new ModerationService(moderationRepo, auth, events),
    passwordReset: new PasswordResetService(
      passwordResetRepo,
      new ResetLinks(passwordResetRepo, {
        publicUrl: config.publicUrl,
        serverSecret: config.secrets.jwtSecret,
      }),
      auth,
      { mailer, onError: deps.onMailError ?? (() => undefined) },
    ),
    twoFactor: new TwoFactorService(
      twoFactorRepo,
      auth,
      twoFactorChallenges,
      // Sealed and hashed under AUTHENTICATOR_KEY; JWT_SECRET did it before, and what it sealed
      // is sealed again at start, its recovery codes still accepted (decision 0048).
      new SecretBox(
        [config.secrets.authenticatorKey, config.secrets.jwtSecret],
        'authenticator secrets',
      ),
      [config.secrets.authenticatorKey, config.secrets.jwtSecret],
    ),
    account: new AccountService({
      sessions: new SessionsRepository(db),
      deletion: new AccountDeletionRepository(db),
      exports: new AccountExportRepository(db),
      auth,
      revocations: sessions,
      events,
      deleteFiles: (files) => queue.send(deleteFilesJob, files).then(() => undefined),
      mediaUrl: (key) => storage.publicUrl(key),
    }),
    events,
  };
}

/** Messaging's four services; messages and reports ask the conversations who belongs. */
function createMessaging(
  db: Database,
  writes: Database,
  events: DomainEvents,
  avatar: (key: string | null) => string | null,
): Messaging {
  const conversations = new ConversationsService(new ConversationsRepository(db), events, avatar);
  return {
    requests: new MessageRequestsService(new MessageRequestsRepository(db), events, avatar),
    conversations,
    messages: new MessagesService(
      new MessagesRepository(db, writes),
      conversations,
      events,
      avatar,
    ),
    safety: new MessageSafetyService(
      new MessageSafetyRepository(db),
      conversations,
      events,
      avatar,
    ),
  };
}

/**
 * How long a person's kept history lives (decision 0064): `HISTORY_CACHE_TTL`, never less than
 * a person's other kept answers.
 */
export function historyKeptSeconds(config: Config): number {
  return Math.max(
    config.historyCacheTtlSeconds,
    config.personalCacheTtlSeconds,
    config.publicCacheTtlSeconds,
  );
}
