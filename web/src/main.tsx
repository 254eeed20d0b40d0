// The web client's entry: picks the page from the address (see route.ts) and draws it.
import { render } from "preact";
import { LobbyPage } from "./lobby/LobbyPage";
import { MatchPage } from "./match/MatchPage";
import { ProfilePage } from "./profile/ProfilePage";
import { LeaderboardPage } from "./ratings/LeaderboardPage";
import { ReplayPage } from "./replay/ReplayPage";
import { useRoute } from "./route";
import "./style.css";

function App() {
  const route = useRoute();
  switch (route.page) {
    case "match":
      return <MatchPage key={`${route.matchId}/${route.seat ?? ""}/${route.watch}`} matchId={route.matchId} seat={route.seat} watch={route.watch} />;
    case "replay":
      return <ReplayPage key={route.matchId} matchId={route.matchId} />;
    case "profile":
      return <ProfilePage key={route.handle.toLowerCase()} handle={route.handle} />;
    case "ratings":
      return <LeaderboardPage game={route.game} variant={route.variant} filter={route.filter} />;
    default:
      return <LobbyPage />;
  }
}

const root = document.getElementById("app");
if (root) {
  root.textContent = "";
  render(<App />, root);
}
