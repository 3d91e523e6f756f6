import { describe, expect, it } from 'vitest';
import { DomainEvents, type DomainEventMap, type DomainEventName } from './domain-events';

const read: DomainEventMap['conversation.read'] = { conversationId: 'c1', userId: 'u1' };

describe('DomainEvents', () => {
  it('tells each listener of its event only, until it is removed', () => {
    const events = new DomainEvents(() => undefined);
    const heard: string[] = [];
    const stop = events.on('conversation.read', (e) => {
      heard.push(`read ${e.conversationId}`);
    });
    events.on('messageRequest.declined', () => {
      heard.push('declined');
    });
    events.emit('conversation.read', read);
    stop();
    events.emit('conversation.read', read);
    expect(heard).toEqual(['read c1']);
  });

  it('reports a failing listener, sync or async, and still tells the others; the emitter never throws', async () => {
    const failures: [unknown, DomainEventName][] = [];
    const events = new DomainEvents((error, name) => failures.push([error, name]));
    const heard: string[] = [];
    events.on('conversation.read', () => {
      throw new Error('sync failure');
    });
    events.on('conversation.read', async () => {
      throw new Error('async failure');
    });
    events.on('conversation.read', () => {
      heard.push('third');
    });
    expect(() => events.emit('conversation.read', read)).not.toThrow();
    expect(heard).toEqual(['third']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures.map(([error, name]) => [(error as Error).message, name])).toEqual([
      ['sync failure', 'conversation.read'],
      ['async failure', 'conversation.read'],
    ]);
  });

  it('does not wait for a slow listener', () => {
    const events = new DomainEvents(() => undefined);
    let finished = false;
    events.on('conversation.read', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    events.emit('conversation.read', read);
    expect(finished).toBe(false);
  });

  it('tells when every running listener has finished, failed ones included', async () => {
    const events = new DomainEvents(() => undefined);
    const finished: string[] = [];
    events.on('conversation.read', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      finished.push('slow');
    });
    events.on('conversation.read', async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error('failed');
    });
    events.emit('conversation.read', read);
    await events.settled();
    expect(finished).toEqual(['slow']);
    await events.settled(); // nothing running: at once
  });
});
