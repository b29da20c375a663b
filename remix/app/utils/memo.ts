/**
 * A pure function of a string, remembered for up to `max` distinct arguments (emptied whole when
 * full, so memory stays bounded whatever arrives). Only for functions whose answer depends on the
 * argument alone; the answer is shared, so callers must not change it.
 */
export function memoByString<T>(fn: (key: string) => T, max = 1_000): (key: string) => T {
  const answers = new Map<string, T>()
  return (key) => {
    if (answers.has(key)) return answers.get(key) as T
    const answer = fn(key)
    if (answers.size >= max) answers.clear()
    answers.set(key, answer)
    return answer
  }
}
