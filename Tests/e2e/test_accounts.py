"""Accounts and profiles through the command line, as docs/cli.md says."""
import json
import os
import stat

from tern import DataDir, run

PASSWORD = "correct horse battery"


def register(data, email, password=PASSWORD, session=None):
    env = {"TERN_SESSION": session} if session else None
    return run(["register", "--email", email], data, input=password + "\n", env=env)


def login(data, email, password=PASSWORD, session=None):
    env = {"TERN_SESSION": session} if session else None
    return run(["login", "--email", email], data, input=password + "\n", env=env)


def whoami(data, session=None):
    env = {"TERN_SESSION": session} if session else None
    return run(["whoami", "--json"], data, env=env)


def test_register_signs_in_and_whoami_shows_a_fresh_profile():
    with DataDir() as data:
        result = register(data, "Mina@Example.com")
        assert result.returncode == 0, result.stderr
        me = whoami(data)
        assert me.returncode == 0, me.stderr
        user = json.loads(me.stdout)
        for field in ("id", "email", "displayName", "username", "bio", "avatarPath",
                      "followersCount", "followingCount", "createdOn", "isUserOnboarded"):
            assert field in user, field
        assert user["isUserOnboarded"] is False
        assert user["email"].lower() == "mina@example.com"
        assert user["createdOn"].endswith("Z")
        assert PASSWORD not in me.stdout


def test_session_file_is_private():
    with DataDir() as data:
        assert register(data, "a@example.com").returncode == 0
        assert stat.S_IMODE(os.stat(data.session).st_mode) == 0o600
        assert stat.S_IMODE(os.stat(os.path.dirname(data.session)).st_mode) == 0o700


def test_loose_session_file_is_refused_with_the_fix():
    with DataDir() as data:
        assert register(data, "a@example.com").returncode == 0
        os.chmod(data.session, 0o644)
        result = whoami(data)
        assert result.returncode == 1
        assert "chmod" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_whoami_signed_out():
    with DataDir() as data:
        result = whoami(data)
        assert result.returncode == 1
        assert "not signed in" in result.stderr


def test_wrong_password_and_unknown_email_are_refused():
    with DataDir() as data:
        assert register(data, "a@example.com").returncode == 0
        assert run(["logout"], data).returncode == 0
        assert whoami(data).returncode == 1
        wrong = login(data, "a@example.com", "not the password")
        assert wrong.returncode == 1 and wrong.stderr.strip()
        unknown = login(data, "nobody@example.com")
        assert unknown.returncode == 1
        assert whoami(data).returncode == 1
        right = login(data, "A@example.com")
        assert right.returncode == 0, right.stderr
        assert whoami(data).returncode == 0


def test_registration_rules():
    with DataDir() as data:
        assert register(data, "not-an-email").returncode == 1
        assert register(data, "b@example.com", "short").returncode == 1
        assert register(data, "b@example.com").returncode == 0
        duplicate = register(data, "B@EXAMPLE.com")
        assert duplicate.returncode == 1 and duplicate.stderr.strip()


def test_onboarding_through_profile_set():
    with DataDir() as data:
        assert register(data, "a@example.com").returncode == 0
        half = run(["profile", "set", "--display-name", "김민아"], data)
        assert half.returncode == 0, half.stderr
        assert json.loads(whoami(data).stdout)["isUserOnboarded"] is False
        done = run(["profile", "set", "--username", "mina_k", "--bio", "서울 사람 🌸"], data)
        assert done.returncode == 0, done.stderr
        user = json.loads(whoami(data).stdout)
        assert user["isUserOnboarded"] is True
        assert (user["displayName"], user["username"], user["bio"]) == ("김민아", "mina_k", "서울 사람 🌸")


def test_taken_username_is_refused_ignoring_case():
    with DataDir() as data:
        a = os.path.join(data.path, "a.session")
        b = os.path.join(data.path, "b.session")
        assert register(data, "a@example.com", session=a).returncode == 0
        assert register(data, "b@example.com", session=b).returncode == 0
        env_a, env_b = {"TERN_SESSION": a}, {"TERN_SESSION": b}
        assert run(["profile", "set", "--display-name", "A", "--username", "river"], data, env=env_a).returncode == 0
        taken = run(["profile", "set", "--display-name", "B", "--username", "RIVER"], data, env=env_b)
        assert taken.returncode != 0
        assert "taken" in taken.stderr.lower()
        bad = run(["profile", "set", "--username", "no spaces!"], data, env=env_b)
        assert bad.returncode != 0


def test_profile_set_signed_out_is_refused():
    with DataDir() as data:
        result = run(["profile", "set", "--bio", "hi"], data)
        assert result.returncode == 1
        assert "Sign in" in result.stderr


def test_password_is_never_an_argument():
    with DataDir() as data:
        result = run(["register", "--email", "a@example.com", "--password", "x" * 10], data)
        assert result.returncode == 2


def test_sample_accounts_cannot_sign_in():
    with DataDir() as data:
        feed = run(["feed", "--json"], data)
        assert feed.returncode == 0, feed.stderr
        posts = json.loads(feed.stdout)
        assert posts, "a new data directory starts with the sample community"
        # Sample users have no credentials: no password opens them.
        result = login(data, "seoyeon@example.com", "password123")
        assert result.returncode == 1


def write_session(path, uid, email, token=None):
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    session = {"uid": uid, "email": email, "signedInAt": "2026-01-01T00:00:00Z"}
    if token:
        session["token"] = token
    with open(path, "w") as file:
        json.dump(session, file)
    os.chmod(path, 0o600)


def test_a_hand_written_session_with_a_sample_uid_cannot_write():
    with DataDir() as data:
        assert run(["feed"], data).returncode == 0
        write_session(data.session, "sample-seoyeon", "seoyeon@sample.tern.invalid", token="00" * 32)
        for args in (["post", "forged"], ["like", "x"], ["favorites", "add", "1835848"],
                     ["profile", "set", "--bio", "forged"], ["favorites"]):
            result = run(args, data)
            assert result.returncode == 1, (args, result)
            assert "sign in again" in result.stderr, (args, result.stderr)
        feed = json.loads(run(["feed", "--json"], data).stdout)
        assert "forged" not in [post["caption"] for post in feed]


def test_a_session_from_another_data_directory_cannot_write():
    with DataDir() as first, DataDir() as second:
        assert register(first, "mover@example.com").returncode == 0
        assert run(["profile", "set", "--display-name", "Mover", "--username", "mover"], first).returncode == 0
        assert run(["feed"], second).returncode == 0
        assert register(second, "mover@example.com").returncode == 0
        assert run(["profile", "set", "--display-name", "Mover", "--username", "mover"], second).returncode == 0
        # The first directory's session file, used on the second: same email, another account.
        result = run(["post", "from elsewhere"], second, env={"TERN_SESSION": first.session})
        assert result.returncode == 1 and "sign in again" in result.stderr, result
        assert run(["post", "from here"], first).returncode == 0


def test_registering_a_sample_accounts_email_is_refused():
    with DataDir() as data:
        result = register(data, "seoyeon@sample.tern.invalid")
        assert result.returncode == 1 and "already exists" in result.stderr, result
        users = [post["uid"] for post in json.loads(run(["feed", "--json", "--limit", "1000"], data).stdout)]
        assert not os.path.exists(data.session)
        assert all(uid.startswith("sample-") for uid in users)
