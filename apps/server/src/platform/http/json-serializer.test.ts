import {
  ChannelVideoList,
  ChannelWithStats,
  envelopeOf,
  ErrorEnvelope,
  Video,
  VideoPage,
} from '@kinora/contract';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseSerializer, serializerCompiler } from './json-serializer';
import { prewritten } from './prewritten-json';

/** What fastify-type-provider-zod answered before: the judge of every text here. */
const zodText = (schema: z.ZodType) =>
  zodSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

/** The compiled serializer, counting the answers it handed to the zod path. */
function compiled(schema: z.ZodType) {
  const judge = zodText(schema);
  const calls = { zod: 0 };
  const serialize = compileResponseSerializer(schema, (data) => {
    calls.zod += 1;
    return judge(data);
  });
  return { serialize, judge, calls };
}

const video = (i: number, changes: Partial<Video> = {}): Video => ({
  _id: `0b0e1c2a-1234-4abc-8def-0123456789${String(i).padStart(2, '0')}`,
  title: `Guitar "lesson" ${i} \\ with\ttabs\nand émojis 🎸 \u2028 \u0001`,
  description: 'Line one\r\nline two </script>',
  videofile: '/media/videos/a/original.mp4',
  thumbnail: null,
  duration: 12.345,
  views: 1234,
  likes: 0,
  comments: 3,
  isLive: false,
  isPublished: true,
  visibility: 'public',
  publishAt: null,
  status: 'ready',
  hls: null,
  storyboard: '/media/videos/a/storyboard.vtt',
  processingProgress: null,
  videoPublicId: 'pub',
  thumbnailPublicId: null,
  owner: {
    _id: 'owner-1',
    username: 'maria.silva17',
    fullname: 'Maria Silva',
    avatar: null,
    subscribersCount: 42,
  },
  createdAt: new Date(Date.UTC(2026, 10, 26, 8, 1, 2, 345) - i * 86_400_000).toISOString(),
  updatedAt: '2024-02-29T23:59:59.999Z',
  ...changes,
});

const homeEnvelope = envelopeOf(VideoPage);
const home = (videos: Video[]) => ({
  statusCode: 200,
  // The handler's own order, not the schema's: the text follows the schema.
  data: { videos, totalVideos: 94_007, page: 1, limit: 100, totalPages: 941, hasNextPage: true },
  message: 'Videos',
  success: true,
});

describe('the compiled response serializer', () => {
  it('writes a home page of 100 videos byte for byte as the zod path, without it', () => {
    const { serialize, judge, calls } = compiled(homeEnvelope);
    const answer = home(Array.from({ length: 100 }, (_, i) => video(i)));
    expect(serialize(answer)).toBe(judge(answer));
    expect(calls.zod).toBe(0);
  });

  it('writes a prewritten list or object as its text, and gives zod what the text says', () => {
    const { serialize, judge, calls } = compiled(homeEnvelope);
    const videos = Array.from({ length: 3 }, (_, i) => video(i));
    const texts = videos.map((v) => JSON.stringify(v));
    // What the routes' rules read stands in the objects; the answer is the text.
    const summaries = videos.map((v) => ({ _id: v._id, owner: { _id: v.owner._id } }));
    const listed = prewritten(summaries, `[${texts.join(',')}]`) as unknown as Video[];
    expect(serialize(home(listed))).toBe(judge(home(videos)));
    expect(calls.zod).toBe(0);
    const single = compiled(envelopeOf(Video));
    const one = prewritten({ _id: videos[0]!._id }, texts[0]!) as unknown as Video;
    const answer = { statusCode: 200, data: one, message: 'Video', success: true };
    expect(single.serialize(answer)).toBe(single.judge({ ...answer, data: videos[0] }));
    // Something else the compiled writer gives up on: zod judges the answer with the text
    // parsed, and refuses it for that field alone.
    const refused = { ...home(listed), data: { ...home(listed).data, totalVideos: 1.5 } };
    let error: unknown;
    try {
      serialize(refused);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ResponseSerializationError);
    const issues = (error as { cause?: { issues?: { path: unknown[] }[] } }).cause?.issues ?? [];
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['data.totalVideos']);
    expect(calls.zod).toBe(1);
  });

  it('writes keys in the schema order and leaves out keys the schema does not name', () => {
    const { serialize, judge, calls } = compiled(envelopeOf(Video));
    const { owner, ...rest } = video(1);
    const shuffled = {
      secret: 'not in the contract',
      ...Object.fromEntries(Object.entries(rest).reverse()),
      owner: { email: 'maria@example.com', ...owner },
    };
    const answer = { success: true, message: 'Video', data: shuffled, statusCode: 200, extra: 1 };
    const text = serialize(answer);
    expect(text).toBe(judge(answer));
    expect(text).not.toContain('secret');
    expect(text).not.toContain('maria@example.com');
    expect(text.startsWith('{"statusCode":200,"data":{"_id":')).toBe(true);
    expect(calls.zod).toBe(0);
  });

  it('writes numbers, nulls, optional and spread answers as zod does', () => {
    const schema = z.object({
      a: z.number(),
      b: z.number().int(),
      c: z.string().optional(),
      d: z.string().nullable().optional(),
      e: z.array(z.number()),
      f: z.literal(true),
      g: z.enum(['x', 'y']),
    });
    const { serialize, judge, calls } = compiled(schema);
    for (const value of [
      { a: -0, b: Number.MAX_SAFE_INTEGER, e: [1e21, 1e-7, 0.1 + 0.2], f: true, g: 'y' },
      { a: 1.5, b: -3, c: undefined, d: null, e: [], f: true, g: 'x' },
      { a: 2, b: 0, c: 'here', d: undefined, e: [-1], f: true, g: 'x', z: 'dropped' },
    ]) {
      expect(serialize(value)).toBe(judge(value));
    }
    expect(calls.zod).toBe(0);
    // A spread answer (the data's fields beside the envelope's), as the router declares it.
    const spreadSchema = envelopeOf(ChannelWithStats.shape.stats).extend(
      ChannelWithStats.shape.stats.shape,
    );
    const spread = compiled(spreadSchema);
    const stats = {
      totalSubscribers: 3,
      totalVideos: 2,
      totalTweets: 0,
      totalSubscriptions: 1,
      totalViews: null,
      totalLikes: null,
      subscribersCount: 3,
      videosCount: 2,
      tweetsCount: 0,
      subscriptionsCount: 1,
      createdAt: '2026-11-26T08:00:00.000Z',
    };
    const answer = { ...stats, statusCode: 200, data: stats, message: 'x', success: true };
    expect(spread.serialize(answer)).toBe(spread.judge(answer));
    expect(spread.calls.zod).toBe(0);
  });

  it('accepts every date zod accepts: offsets, leap days, other precisions', () => {
    const { serialize, judge } = compiled(z.object({ at: z.iso.datetime({ offset: true }) }));
    for (const at of [
      '2024-02-29T12:00:00Z',
      '2024-02-29T12:00:00.123456+02:00',
      '2026-12-31T23:59:59.999Z',
      '2026-01-30T00:00:00.000Z',
    ]) {
      expect(serialize({ at })).toBe(judge({ at }));
    }
  });

  it('leaves what it cannot vouch for to zod, which refuses it as before', () => {
    const { serialize, calls } = compiled(homeEnvelope);
    const refused = [
      home([video(1, { createdAt: 'yesterday' })]),
      home([video(1, { createdAt: '2025-02-29T00:00:00.000Z' })]),
      home([video(1, { views: 1.5 })]),
      home([video(1, { duration: Number.NaN })]),
      home([video(1, { status: 'lost' as Video['status'] })]),
      home([{ ...video(1), title: undefined } as unknown as Video]),
      { ...home([]), success: false },
    ];
    for (const answer of refused) {
      expect(() => serialize(answer)).toThrow(ResponseSerializationError);
    }
    expect(calls.zod).toBe(refused.length);
  });

  it('has zod encode the kinds it does not compile: unions, records, rewrites', () => {
    const schema = z.object({
      either: z.union([z.string(), z.object({ n: z.number() })]),
      map: z.record(z.string(), z.number()),
      lower: z.string().toLowerCase(),
      list: ChannelVideoList,
    });
    const { serialize, judge, calls } = compiled(schema);
    const value = { either: { n: 1, m: 2 }, map: { b: 1, a: 2 }, lower: 'MiXeD', list: [video(3)] };
    expect(serialize(value)).toBe(judge(value));
    expect(serialize(value)).toContain('"lower":"mixed"');
    expect(calls.zod).toBe(0);
  });

  it('is what Fastify uses for a route, the zod provider behind it', () => {
    const route = { schema: ErrorEnvelope, method: 'GET', url: '/x', httpStatus: '400' };
    const serialize = serializerCompiler(route);
    const answer = { statusCode: 400, data: null, message: 'm', success: false, code: 'INTERNAL' };
    expect(serialize(answer)).toBe(zodSerializerCompiler(route)(answer));
  });
});
