"""A place knows its posts and its savers (issue 29, point 2): `tern places show ID` counts
the posts naming the place and the people the viewer follows who saved it in a shared
folder; a private folder's place is never counted; signed out, nobody is followed."""
import json
import os

from tern import DataDir, run
from test_accounts import register

SEOUL, BUSAN = "1835848", "1838524"


def ok(args, data, env=None):
    result = run(args, data, env=env)
    assert result.returncode == 0, (args, result.stdout, result.stderr)
    return result.stdout


def shown(data, place, env=None):
    return json.loads(ok(["places", "show", place, "--json"], data, env=env))


def person(data, name, visibility):
    """`name` signed in on its own session file, with a username and Seoul in a folder of `visibility`."""
    session = os.path.join(data.path, name + ".session")
    env = {"TERN_SESSION": session}
    assert register(data, name + "@example.com", session=session).returncode == 0
    ok(["profile", "set", "--display-name", name.title(), "--username", name], data, env=env)
    if visibility:
        ok(["favorites", "folder", "create", "Trip", "--visibility", visibility], data, env=env)
        ok(["favorites", "add", SEOUL, "--folder", "Trip"], data, env=env)
    return env


def test_places_show_counts_posts_and_shared_savers_among_the_followed():
    with DataDir() as data:
        signed_out = shown(data, SEOUL)
        sample_posts = signed_out["posts"]
        assert sample_posts > 0 and signed_out["savedByFollowing"] == 0, signed_out
        mina = person(data, "mina", "shared")
        jun = person(data, "jun", "shared")
        hidden = person(data, "hidden", "private")
        person(data, "stranger", "shared")
        viewer = person(data, "viewer", None)
        for name in ("@mina", "@jun", "@hidden"):
            ok(["follow", name], data, env=viewer)
        ok(["post", "서울 산책"], data, env=mina)
        place = shown(data, SEOUL, env=viewer)
        assert place["savedByFollowing"] == 2, place
        assert place["posts"] == sample_posts
        assert place["placeID"] == SEOUL and "isFavorite" in place
        # Search results keep PLACE's shape.
        found = json.loads(ok(["places", "search", "서울", "--limit", "1", "--json"], data))["documents"][0]
        assert "posts" not in found and "savedByFollowing" not in found
        text = ok(["places", "show", SEOUL], data, env=viewer)
        assert f"{sample_posts} posts · saved by @" in text and " and 1 other you follow" in text, text
        assert "@hidden" not in text
        korean = ok(["places", "show", SEOUL], data, env={**viewer, "LANG": "ko_KR.UTF-8", "TERN_LANG": "ko"})
        assert f"게시물 {sample_posts}개 · 팔로우하는 @" in korean and "외 1명이 저장함" in korean, korean
        # The hidden saver shares the folder: now three; unfollowing one: two.
        ok(["favorites", "folder", "set", "Trip", "--visibility", "shared"], data, env=hidden)
        assert shown(data, SEOUL, env=viewer)["savedByFollowing"] == 3
        ok(["unfollow", "@jun"], data, env=viewer)
        assert shown(data, SEOUL, env=viewer)["savedByFollowing"] == 2
        assert shown(data, BUSAN, env=viewer)["savedByFollowing"] == 0
        assert shown(data, SEOUL)["savedByFollowing"] == 0
        _ = jun
