/// The completion scripts of bash, zsh and fish. Each hands the words typed so far to
/// `tern __complete` (the binary named by the line's first word, so a `./tern` or another
/// install answers for itself), which works them out from the command declarations
/// (`Completion`) and prints a kind (`words`, `files` or `directories`), then one
/// `WORD<TAB>HELP` line per candidate.
enum ShellCompletion {
    static let shells = ["bash", "zsh", "fish"]

    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        case "fish": return fish
        default: return nil
        }
    }

    /// `--name=VALUE` is not completed in bash (its word breaks split it at `=`);
    /// `--name VALUE` is.
    static let bash = #"""
        # bash completion for tern (made by `tern __generate bash`)
        _tern() {
            local current=${COMP_WORDS[COMP_CWORD]} line
            local -a answer
            mapfile -t answer < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
            COMPREPLY=()
            case ${answer[0]} in
                files) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$current") ;;
                directories) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$current") ;;
                words)
                    for line in "${answer[@]:1}"; do
                        COMPREPLY+=("$(printf '%q' "${line%%$'\t'*}")")
                    done
                    ;;
            esac
        }
        complete -F _tern tern

        """#

    static let zsh = #"""
        #compdef tern
        # zsh completion for tern (made by `tern __generate zsh`)
        _tern() {
            local -a answer candidates
            local line
            answer=("${(@f)$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
            case ${answer[1]} in
                files) _files ;;
                directories) _files -/ ;;
                words)
                    for line in "${(@)answer[2,-1]}"; do
                        candidates+=("${${line%%$'\t'*}//:/\\:}:${line#*$'\t'}")
                    done
                    _describe -t values tern candidates
                    ;;
            esac
        }
        _tern "$@"

        """#

    static let fish = #"""
        # fish completion for tern (made by `tern __generate fish`)
        function __tern_complete
            set -l tokens (commandline -opc)
            set -l program $tokens[1]
            set -e tokens[1]
            set -l current (commandline -ct)
            set -l answer ($program __complete $tokens $current 2>/dev/null)
            switch "$answer[1]"
                case files
                    __fish_complete_path $current
                case directories
                    __fish_complete_directories $current
                case words
                    set -e answer[1]
                    printf '%s\n' $answer
            end
        end
        complete -c tern -f -a '(__tern_complete)'

        """#
}
