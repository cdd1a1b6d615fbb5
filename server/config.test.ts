import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  test('defaults: port 8080, data in .data, embedded database', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config.PORT).toBe(8080);
    expect(config.dataDir).toBe('/srv/shop/.data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.STOREFRONT_ORIGINS).toEqual([]);
  });

  test.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ STOREFRONT_ORIGINS: 'https://ok.example,https://bad.example/path' }, 'STOREFRONT_ORIGINS'],
    [{ SHOP_ADMIN_EMAIL: 'boss' }, 'SHOP_ADMIN_EMAIL'],
    [{ SHOP_ADMIN_EMAIL: 'boss@example.com' }, 'SHOP_ADMIN_PASSWORD'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_WEBHOOK_SECRET'],
  ])('a bad value stops start-up with a message naming the variable (%o)', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^  - ${variable}: `, 'm'));
  });

  test('empty optional values count as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: ' ', SMTP_URL: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });
});

test('TRUST_PROXY lists proxy addresses; anything else stops start-up', () => {
  expect(loadConfig({}).TRUST_PROXY).toEqual([]);
  expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual([
    'loopback',
    '10.0.0.0/8',
    '::1',
  ]);
  expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY: "2" is not an IP address/);
  expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
});
