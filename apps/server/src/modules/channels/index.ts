export { ChannelsRepository } from './channels.repository';
export { ChannelsService } from './channels.service';
export { registerChannelRoutes } from './channels.routes';
