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
    [{ STRIPE_API_URL: 'ftp://127.0.0.1:12111' }, 'STRIPE_API_URL'],
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

describe('publicOrigin: where links in e-mail point', () => {
  test('PUBLIC_ORIGIN wins over the storefront origins', () => {
    const config = loadConfig({
      PUBLIC_ORIGIN: 'https://shop.example.com',
      STOREFRONT_ORIGINS: 'https://www.example.com',
    });
    expect(config.publicOrigin).toBe('https://shop.example.com');
  });

  test('without it, the first storefront origin', () => {
    const config = loadConfig({
      STOREFRONT_ORIGINS: 'https://www.example.com,https://m.example.com',
    });
    expect(config.publicOrigin).toBe('https://www.example.com');
  });

  test.each([
    [{}, 'http://localhost:8080'],
    [{ HOST: '127.0.0.1', PORT: '3000' }, 'http://127.0.0.1:3000'],
    [{ HOST: '::', PORT: '3000' }, 'http://localhost:3000'],
    [{ HOST: '::1', PORT: '80' }, 'http://[::1]'],
    [{ NODE_ENV: 'test', HOST: 'shop.local' }, 'http://shop.local:8080'],
  ])('in development, the server’s own listen address (%o)', (env, origin) => {
    expect(loadConfig(env).publicOrigin).toBe(origin);
  });

  test('in production, leaving both unset stops start-up with a message naming PUBLIC_ORIGIN', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /^ {2}- PUBLIC_ORIGIN: is required in production/m,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example.com' })
        .publicOrigin,
    ).toBe('https://shop.example.com');
    expect(
      loadConfig({ NODE_ENV: 'production', STOREFRONT_ORIGINS: 'https://shop.example.com' })
        .publicOrigin,
    ).toBe('https://shop.example.com');
  });

  test.each([
    'shop.example.com',
    'https://shop.example.com/',
    'https://shop.example.com/app',
    'ftp://x',
  ])('a value that is not an origin stops start-up (%s)', (value) => {
    expect(() => loadConfig({ PUBLIC_ORIGIN: value })).toThrow(/^ {2}- PUBLIC_ORIGIN: must be/m);
  });
});
