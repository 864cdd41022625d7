import "~/styles/quiz.css";
import "~/styles/live-quiz.css";
import { data, redirect } from "react-router";
import { NotFoundPage } from "~/components/not-found-page";
import { LiveRoom } from "~/features/quiz/live-room";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { useSession } from "~/lib/session";
import { fill, texts, liveQuizTexts as t } from "~/lib/texts";
import { useSite } from "~/lib/use-site";
import { findRoomByCode, roomInfo } from "../../server/quiz/room-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/quiz-live-room";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const code = params.code;
  if (!/^[A-Za-z0-9]{4,8}$/.test(code)) return data({ room: null, isHost: false }, { status: 404 });
  // One address per room: codes are shown in capitals.
  if (code !== code.toUpperCase()) {
    const url = new URL(request.url);
    throw redirect(`/quizzes/live/${code.toUpperCase()}${url.search}`);
  }
  const [row, user] = await Promise.all([findRoomByCode(services, code), currentUser(services, request.headers)]);
  if (!row) return data({ room: null, isHost: false }, { status: 404 });
  return { room: await roomInfo(services, row), isHost: user?.id === row.host_id };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches, params }) => {
  const site = siteFromMatches(matches);
  const room = loaded?.room;
  return pageMeta({
    title: room ? fill(t.roomTitle, { code: room.code }) : texts.notFound.title,
    description: room ? t.roomDescription : texts.notFound.text,
    path: `/quizzes/live/${params.code}`,
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: true,
  });
};

export default function QuizLiveRoom({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  const site = useSite();
  const { room, isHost } = loaderData;
  if (!room) return <NotFoundPage />;
  // The room's own page is the join link: a visitor without a place in the room gets the join form.
  return <LiveRoom key={room.code} room={room} isHost={isHost} joinUrl={`${site.baseUrl}/quizzes/live/${room.code}`} session={session} />;
}
