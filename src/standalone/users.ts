/** The standalone page's users: its GM and six players, each a tab opened with `?user=<id>`. */
export const USERS = ["gm", "player1", "player2", "player3", "player4", "player5", "player6"] as const;
