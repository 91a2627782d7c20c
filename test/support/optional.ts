/**
 * Tests that need a tool a user's machine may lack (Debian's chromium, a Slurm installation): skipped there with a visible line saying how to enable them, and required, so failing on the missing
 * tool, where CI is set (.ci/run installs the tools) or MJLAB_E2E=1.
 */
import { describe, it } from 'vitest';

function truthy(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/** CI or MJLAB_E2E=1: a test whose tool is missing fails instead of being skipped. */
export const TOOLS_REQUIRED = truthy(process.env.CI) || process.env.MJLAB_E2E === '1';

/**
 * `describe` for a test that needs a tool. `missing` says what is absent (null when all is there), `enable` how to
 * get it. Missing and not required: a skipped suite named with the reason, and a line on stderr. Missing and
 * required: the suite fails with the same words.
 */
export function describeWithTool(name: string, missing: string | null, enable: string, body: () => void): void {
  if (missing === null) return void describe(name, body);
  const why = `${missing}; to run it: ${enable}`;
  if (TOOLS_REQUIRED) {
    describe(name, () => {
      it(`is required here, and ${missing}`, () => {
        throw new Error(`${name}: ${why} (required because ${truthy(process.env.CI) ? 'CI' : 'MJLAB_E2E=1'} is set)`);
      });
    });
    return;
  }
  console.warn(`SKIPPED ${name}: ${why}; CI or MJLAB_E2E=1 makes it required.`);
  describe.skip(`${name} (skipped: ${why})`, body);
}
