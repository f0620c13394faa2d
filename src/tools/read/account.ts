/** `enc_profile` and `enc_team`: who is signed in, and their team. */
import { optionalInteger } from '../args.js';
import { defineTool, integerProperty, jsonResult, objectSchema, type CatalogTool } from '../define.js';
import type { ToolDeps } from '../deps.js';
import { ToolError, describeError } from '../errors.js';

/** `enc_profile`: the engine's profile object, already compact, passed through. */
export function profileTool({ engine }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_profile',
    title: 'Profile',
    description: 'Read the signed-in Encounter account: login, name, rank, team, points.',
    inputSchema: objectSchema({}),
    mutating: false,
    cacheable: true,
    parse: () => ({}),
    execute: async (_params, ctx) => jsonResult(await engine.getProfile({ signal: ctx.signal })),
  });
}

/** `enc_team`: a team's name, pending invitations and management actions (default: own team). */
export function teamTool({ engine }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_team',
    title: 'Team',
    description:
      "Read a team: name, pending invitations, management actions. Defaults to the signed-in player's team; pass team_id for another one.",
    inputSchema: objectSchema({ team_id: integerProperty('Team ID; omit for your own team.') }),
    mutating: false,
    cacheable: true,
    parse: (args) => ({ team_id: optionalInteger(args, 'team_id', { min: 1 }) }),
    execute: async ({ team_id }, ctx) => {
      let teamId = team_id;
      if (teamId === undefined) {
        let profile;
        try {
          profile = await engine.getProfile({ signal: ctx.signal });
        } catch (err) {
          throw new ToolError(`resolve team from profile: ${describeError(err)}`, { cause: err });
        }
        if (!profile?.team_id) throw new ToolError('the profile has no team; pass team_id explicitly', { kind: 'engine', code: 'no_team' });
        teamId = profile.team_id;
      }
      return jsonResult(await engine.getTeamManagementInfo(teamId, { signal: ctx.signal }));
    },
  });
}
