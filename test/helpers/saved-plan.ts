// A one-off build patches the last snapshot when only pages' own texts changed since the plan it saved
// (generator/resident/saved-plan-build.ts). Tests of the site path remove that plan first, so the build after it
// plans, renders and writes the whole site.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { SAVED_PLAN_FILE } from '../../generator/resident/saved-plan.ts';

export async function forgetSavedPlan(out: string): Promise<void> {
  await rm(join(out, SAVED_PLAN_FILE), { force: true });
}
