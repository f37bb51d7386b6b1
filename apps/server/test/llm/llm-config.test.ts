import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.ts';

describe('LLM configuration', () => {
  it('is the offline analyst when no key and no base URL are set', () => {
    expect(loadConfig({}).llm).toMatchObject({ provider: 'offline', apiKey: null, baseUrl: null });
  });

  it('picks the provider from the key or base URL that is set', () => {
    expect(loadConfig({ OPENAI_API_KEY: 'sk-1' }).llm).toMatchObject({
      provider: 'openai',
      apiKey: 'sk-1',
      model: 'gpt-5-mini',
    });
    expect(loadConfig({ ANTHROPIC_API_KEY: 'sk-ant' }).llm).toMatchObject({
      provider: 'anthropic',
      apiKey: 'sk-ant',
    });
    expect(
      loadConfig({ LLM_BASE_URL: 'http://localhost:11434/v1', LLM_MODEL: 'llama3.1' }).llm,
    ).toMatchObject({
      provider: 'openai-compatible',
      apiKey: null,
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.1',
    });
  });

  it('lets LLM_API_KEY win over the provider key and LLM_PROVIDER over the guess', () => {
    const config = loadConfig({
      LLM_PROVIDER: 'anthropic',
      LLM_API_KEY: 'generic',
      OPENAI_API_KEY: 'sk-openai',
      ANTHROPIC_API_KEY: 'sk-ant',
      LLM_MODEL: 'claude-haiku-4-5',
    });
    expect(config.llm).toMatchObject({ provider: 'anthropic', apiKey: 'generic', model: 'claude-haiku-4-5' });
    expect(loadConfig({ LLM_PROVIDER: 'offline', OPENAI_API_KEY: 'sk' }).llm).toMatchObject({
      provider: 'offline',
      apiKey: null,
    });
  });

  it('reads the limits', () => {
    const config = loadConfig({
      LLM_TIMEOUT_MS: '5000',
      LLM_MAX_RETRIES: '0',
      LLM_CONTEXT_TOKENS: '8192',
      AGENT_MAX_STEPS: '7',
    });
    expect(config.llm).toMatchObject({ timeoutMs: 5000, maxRetries: 0, contextTokens: 8192 });
    expect(config.agent).toEqual({ maxSteps: 7 });
  });

  it('sizes the context window for the provider unless LLM_CONTEXT_TOKENS says otherwise', () => {
    const local = { LLM_BASE_URL: 'http://localhost:11434/v1', LLM_MODEL: 'llama3.1' };
    expect(loadConfig(local).llm.contextTokens).toBe(8192);
    expect(loadConfig({ ...local, LLM_CONTEXT_TOKENS: '32768' }).llm.contextTokens).toBe(32768);
    expect(loadConfig({ ANTHROPIC_API_KEY: 'sk-ant' }).llm.contextTokens).toBe(200_000);
    expect(loadConfig({ OPENAI_API_KEY: 'sk' }).llm.contextTokens).toBe(128_000);
    expect(() => loadConfig({ LLM_CONTEXT_TOKENS: '1000' })).toThrow(
      'LLM_CONTEXT_TOKENS must be an integer between 2048 and 10000000',
    );
  });

  it('speaks the Responses API to OpenAI unless told chat, with the reasoning effort it is given', () => {
    expect(loadConfig({ OPENAI_API_KEY: 'sk' }).llm).toMatchObject({
      openaiApi: 'responses',
      reasoningEffort: null,
    });
    expect(
      loadConfig({ OPENAI_API_KEY: 'sk', LLM_OPENAI_API: 'chat', LLM_REASONING_EFFORT: 'high' }).llm,
    ).toMatchObject({ openaiApi: 'chat', reasoningEffort: 'high' });
    expect(() => loadConfig({ LLM_REASONING_EFFORT: 'extreme' })).toThrow(
      'LLM_REASONING_EFFORT must be one of minimal, low, medium, high',
    );
  });

  it('names what a provider is missing, all at once', () => {
    expect(() => loadConfig({ LLM_PROVIDER: 'openai' })).toThrow(
      'LLM_API_KEY (or OPENAI_API_KEY) is required when LLM_PROVIDER is openai',
    );
    expect(() => loadConfig({ LLM_PROVIDER: 'openai-compatible' })).toThrow(
      /LLM_BASE_URL is required.*; LLM_MODEL is required/,
    );
    expect(() => loadConfig({ LLM_PROVIDER: 'gemini' })).toThrow(
      'LLM_PROVIDER must be one of openai, anthropic, openai-compatible, offline',
    );
    expect(() => loadConfig({ AGENT_MAX_STEPS: '0' })).toThrow(
      'AGENT_MAX_STEPS must be an integer between 1 and 200',
    );
    expect(() => loadConfig({ LLM_BASE_URL: 'localhost:11434' })).toThrow('LLM_BASE_URL must be an http://');
  });

  it('never prints an API key', () => {
    const key = 'sk-very-secret-key-123';
    expect(() => loadConfig({ OPENAI_API_KEY: key, LLM_TIMEOUT_MS: 'soon' })).toThrow(/LLM_TIMEOUT_MS/);
    expect(() => loadConfig({ LLM_PROVIDER: 'nope', LLM_API_KEY: key })).not.toThrow(/very-secret/);
  });
});
