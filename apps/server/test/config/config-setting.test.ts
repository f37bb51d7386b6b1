import { describe, expect, it } from 'vitest';
import { flag, integer, oneOf, secret, setting, text, url } from '../../src/config/setting.ts';

// The declaration helpers on their own; loadConfig's suites (env.test.ts, llm-config.test.ts) cover them in place.
describe('setting helpers', () => {
  it('derive the configuration table default cell from the fallback unless one is given', () => {
    expect(integer({ name: 'N', min: 1, max: 9, default: 3, description: 'd' }).doc.default).toBe('3');
    expect(flag({ name: 'F', default: false, description: 'd' }).doc.default).toBe('false');
    expect(text({ name: 'T', description: 'd' }).doc.default).toBe('(unset)');
    expect(text({ name: 'T', shownDefault: '(auto)', description: 'd' }).doc.default).toBe('(auto)');
    expect(() =>
      setting({
        name: 'O',
        default: { a: 1 },
        read: () => ({ ok: true, value: { a: 1 } }),
        description: 'd',
      }),
    ).toThrow('O: a default that is not plain text, a number or a flag needs a shownDefault');
  });

  it('read values or say why not', () => {
    const level = oneOf({ name: 'L', values: ['low', 'high'], description: 'd' });
    expect(level.read('high')).toEqual({ ok: true, value: 'high' });
    expect(level.read('mid')).toEqual({ ok: false, problem: 'must be one of low, high' });
    expect(level.fallback).toBeNull();
    const endpoint = url({
      name: 'U',
      protocols: ['https:'],
      message: 'must be an https:// URL',
      check: (parsed) => (parsed.port ? 'must use the default port' : null),
      description: 'd',
    });
    expect(endpoint.read('https://h/x')).toEqual({ ok: true, value: 'https://h/x' });
    expect(endpoint.read('http://h')).toEqual({ ok: false, problem: 'must be an https:// URL' });
    expect(endpoint.read('https://h:8443')).toEqual({ ok: false, problem: 'must use the default port' });
    expect(integer({ name: 'N', min: 0, max: 9, default: 3, description: 'd' }).read('-0')).toEqual({
      ok: false,
      problem: 'must be an integer between 0 and 9',
    });
  });

  it('mark how much of a bad value a message may show', () => {
    expect(text({ name: 'T', description: 'd' }).exposure).toBe('shown');
    expect(url({ name: 'U', protocols: ['https:'], message: 'm', description: 'd' }).exposure).toBe(
      'password-in-url',
    );
    expect(secret(text({ name: 'K', description: 'd' })).exposure).toBe('hidden');
  });
});
