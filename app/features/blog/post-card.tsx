import type { CSSProperties } from "react";
import { Link } from "react-router";
import { formatLongDate } from "~/lib/dates";
import type { PostSummary } from "../../../server/blog/blog-service";

/** Spec §9: each card enters 0.1 s × its position after the list appears. */
export function PostCard({ post, position }: { post: PostSummary; position: number }) {
  return (
    <li className="post-card" style={{ "--enter-delay": `${(position * 0.1).toFixed(1)}s` } as CSSProperties}>
      {post.imageUrl && <img className="post-card__image" src={post.imageUrl} alt="" width={400} height={200} loading="lazy" />}
      <div className="post-card__body">
        <h2 className="post-card__title">
          <Link to={`/blog/${post.id}`}>{post.title}</Link>
        </h2>
        <p className="post-card__meta">
          {post.authorName}
          {post.createdAt && (
            <>
              {" · "}
              <time dateTime={post.createdAt}>{formatLongDate(post.createdAt)}</time>
            </>
          )}
        </p>
        <p className="post-card__preview">{post.preview}</p>
      </div>
    </li>
  );
}
