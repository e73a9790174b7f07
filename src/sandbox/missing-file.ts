/** File-system calls where an absent file or folder is an answer, not a failure. */

/** Runs `fs` and answers undefined where the file or folder is absent. */
export async function unlessMissing<T>(fs: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fs();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
