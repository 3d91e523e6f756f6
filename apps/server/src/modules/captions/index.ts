export { CaptionsRepository, type CaptionRecord } from './captions.repository';
export { CaptionsService, captionsPrefixOf } from './captions.service';
export { registerCaptionRoutes, presentCaption } from './captions.routes';
