/**
 * The tournament window, once for every host (issue 37): `tournamentContext` draws
 * templates/tournament/*.hbs from the client's `TournamentView`s, `tournamentRequest` turns a clicked
 * control and its form into the request to send, `TransferIds` keeps a retried transfer's id.
 */
export * from "./context";
export * from "./actions";
export * from "./summary";
