import { endpoints, type EndpointName } from '@kinora/contract';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from './routes';

describe('the API client route table', () => {
  it("holds every endpoint of the contract with the contract's method, path and file fields", () => {
    expect(Object.keys(apiRoutes).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const route = apiRoutes[name as EndpointName];
      expect(route.method, name).toBe(endpoint.method);
      expect(route.path, name).toBe(endpoint.path);
      expect(route.files, name).toEqual('files' in endpoint ? endpoint.files : undefined);
    }
  });
});
