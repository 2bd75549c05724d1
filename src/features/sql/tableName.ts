import { SQL_TABLE_NAME } from '@/sql/types';

/**
 * What is wrong with a name for a table (a new one, or `current` renamed), or null when it will do:
 * a lower-case SQL identifier no other table of the session has.
 */
export function tableNameProblem(
  name: string,
  taken: readonly string[],
  current: string | null = null,
): string | null {
  if (name === '') return 'Give the table a name.';
  if (!SQL_TABLE_NAME.test(name))
    return 'Use lower-case letters, digits and _, starting with a letter or _, up to 63 characters (like rt_spp_north).';
  if (name !== current && taken.includes(name)) return `A table named ${name} already exists.`;
  return null;
}
