// The video side of the media pipeline: plain functions over local files, no HTTP and no
// database. The jobs that call them live in the feature modules.
export { ffmpegBinaries, resolveFfmpegBinaries } from './ffmpeg-binaries';
export type { FfmpegBinaries, FfmpegSource } from './ffmpeg-binaries';
export { MediaToolError } from './media-process';
export { maxVideoSide, probeVideo } from './probe';
export type { ProbeVideoOptions, VideoProbe } from './probe';
export {
  buildHlsLadder,
  firstMasterPlaylistName,
  hlsArguments,
  hlsRungs,
  masterPlaylistName,
  planRenditions,
} from './hls';
export { browserPlayback, browserPlaybackOf, isMoovFirst } from './browser-playback';
export type { BrowserPlayback } from './browser-playback';
export type { BuildHlsLadderOptions, HlsLadder, HlsRendition, PlannedRendition } from './hls';
export { extractPoster, posterTime } from './poster';
export type { ExtractPosterOptions, Poster } from './poster';
export { buildStoryboard, spriteName, storyboardVttName } from './storyboard';
export type { BuildStoryboardOptions, Storyboard } from './storyboard';
