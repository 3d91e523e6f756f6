import { captionLimits, endpoints } from '@kinora/contract';
import { emptyAfter, type Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentCaption } from './captions.presenter';
import type { CaptionsService } from './captions.service';

interface CaptionRouteDeps {
  captions: CaptionsService;
  storage: Storage;
}

export function registerCaptionRoutes(
  router: Router,
  { captions, storage }: CaptionRouteDeps,
): void {
  const present = (caption: Parameters<typeof presentCaption>[0]) =>
    presentCaption(caption, storage);

  router.route(endpoints.listCaptions, {
    handler: async ({ params, actor }) => ({
      captions: (await captions.list({ videoId: params.id, viewer: actor })).map(present),
    }),
  });

  router.route(endpoints.putCaptions, {
    files: {
      file: {
        required: true,
        maxBytes: captionLimits.fileMaxBytes,
        tooLargeMessage: `Caption files must be at most ${captionLimits.fileMaxBytes / 1024} KB`,
      },
    },
    handler: async ({ params, body, files, actor }) =>
      present(
        await captions.put({
          videoId: params.id,
          language: params.language,
          label: body.label,
          file: files.file!.data,
          actor,
        }),
      ),
  });

  router.route(endpoints.deleteCaptions, {
    handler: ({ params, actor }) =>
      emptyAfter(captions.remove({ videoId: params.id, language: params.language, actor })),
  });
}
