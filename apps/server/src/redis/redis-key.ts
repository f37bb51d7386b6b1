/** Every key and channel of one deployment starts with its REDIS_KEY_PREFIX. */
export function redisKey(prefix: string, ...parts: string[]): string {
  return [prefix, ...parts].join(':');
}
