"""The manual page and the shell completions, made by the binary from its declarations:
the page renders with `man -l` without a warning, bash completes `tern fav` to `favorites`
and a folder name after `--folder`, fish completes the same, zsh and fish read their
scripts, and `make install-files DESTDIR=…` puts every file in place."""
import os
import shutil
import subprocess
import tempfile

from tern import BIN, DataDir, run

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def generated(directory, target):
    path = os.path.join(directory, target)
    made = run(["__generate", target])
    assert made.returncode == 0 and made.stderr == "", made
    with open(path, "w", encoding="utf-8") as f:
        f.write(made.stdout)
    return path


def shell_env(directory):
    """`tern` on the PATH is the binary under test, as an installed one would be."""
    os.symlink(os.path.abspath(BIN), os.path.join(directory, "tern"))
    return {**os.environ, "PATH": directory + os.pathsep + os.environ["PATH"], "LANG": "C.UTF-8"}


def bash_completes(script, env, *words):
    """COMPREPLY after `_tern` on the command line `words` (the last one being typed)."""
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    program = f"source {script}; COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}; _tern; " \
              'printf "%s\\n" "${COMPREPLY[@]}"'
    done = subprocess.run(["bash", "--norc", "-c", program], env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and done.stderr == "", done
    return done.stdout.splitlines()


def test_the_manual_page_renders_without_warnings():
    with tempfile.TemporaryDirectory() as directory:
        page = generated(directory, "tern.1")
        shown = subprocess.run(["man", "--warnings", "-E", "UTF-8", "-l", page], capture_output=True, text=True,
                               env={**os.environ, "MANWIDTH": "80", "MAN_KEEP_FORMATTING": ""}, timeout=30)
    assert shown.returncode == 0 and shown.stderr == "", shown.stderr
    for section in ("NAME", "SYNOPSIS", "GLOBAL OPTIONS", "COMMANDS", "KEYS", "EXIT STATUS", "ENVIRONMENT", "FILES"):
        assert "\n" + section + "\n" in shown.stdout, section
    assert "tern favorites folder delete NAME [--with-places]" in shown.stdout, shown.stdout


def test_bash_completes_commands_options_and_folders():
    with tempfile.TemporaryDirectory() as directory, DataDir() as data:
        env = shell_env(directory)
        script = generated(directory, "bash")
        assert bash_completes(script, env, "tern", "fav") == ["favorites"]
        assert sorted(bash_completes(script, env, "tern", "favorites", "fo")) == ["folder", "folders", "follow"]
        assert "--with-places" in bash_completes(script, env, "tern", "favorites", "folder", "delete", "x", "--w")
        assert bash_completes(script, env, "tern", "favorites", "list", "--sort", "na") == ["name"]
        run(["register", "--email", "mina@example.com"], data, input="correct horse\n")
        assert run(["favorites", "folder", "create", "제주 여행"], data).returncode == 0
        folders = bash_completes(script, env, "tern", "--data-dir", data.path, "--session", data.session,
                                 "favorites", "list", "--folder", "")
        assert folders == ["Favorites", "제주\\ 여행"], folders


def test_fish_completes_and_zsh_reads_its_script():
    with tempfile.TemporaryDirectory() as directory:
        env = shell_env(directory)
        fish = generated(directory, "fish")
        zsh = generated(directory, "zsh")
        for shell, script in (("fish", fish), ("zsh", zsh)):
            parsed = subprocess.run([shell, "-n", script], capture_output=True, text=True, timeout=30)
            assert parsed.returncode == 0 and parsed.stderr == "", (shell, parsed)
        done = subprocess.run(["fish", "--no-config", "-c", f"source {fish}; complete -C 'tern fav'"], env=env,
                              capture_output=True, text=True, timeout=30)
    assert done.stdout.startswith("favorites\t"), done


def test_make_install_puts_every_file_in_place():
    with tempfile.TemporaryDirectory() as destination, DataDir() as data:
        done = subprocess.run(["make", "--no-print-directory", "-C", REPOSITORY, "install-files",
                               f"DESTDIR={destination}", "PREFIX=/usr", f"INSTALL_BIN={os.path.abspath(BIN)}"],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        prefix = os.path.join(destination, "usr")
        for path in ("bin/tern", "share/tern/MANIFEST.sha256", "share/tern/places/places.tsv",
                     "share/tern/places/catalog.bin", "share/man/man1/tern.1",
                     "share/bash-completion/completions/tern", "share/zsh/site-functions/_tern",
                     "share/fish/vendor_completions.d/tern.fish"):
            assert os.path.isfile(os.path.join(prefix, path)), path
        env = {k: v for k, v in data.env().items() if k != "TERN_RESOURCES"}
        search = subprocess.run([os.path.join(prefix, "bin", "tern"), "places", "search", "seoul", "--limit", "1"],
                                env=env, capture_output=True, text=True, timeout=120)
        assert search.returncode == 0 and "Seoul" in search.stdout, search
        shutil.rmtree(prefix)
