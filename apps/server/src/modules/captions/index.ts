export { CaptionsRepository, type CaptionRecord } from './captions.repository';
export { CaptionsService, captionsPrefixOf } from './captions.service';
export { registerCaptionRoutes } from './captions.routes';
export { presentCaption } from './captions.presenter';
