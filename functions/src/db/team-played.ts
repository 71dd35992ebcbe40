import { key } from './keys.ts';

/**
 * The record that a player booked one of a team's sessions (`TEAM#<teamId>` / `PLAYED#<userId>`;
 * TABLE.md, "References"): the Update that writes it beside a booking row, keeping the first time.
 */
export function teamPlayedUpdate(teamId: string, userId: string, bookedAt: string) {
  return {
    Key: key.teamPlayed(teamId, userId),
    UpdateExpression:
      'SET #type = :played, teamId = :team, userId = :user, firstBookedAt = if_not_exists(firstBookedAt, :at)',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':played': 'teamPlayed', ':team': teamId, ':user': userId, ':at': bookedAt },
  };
}
