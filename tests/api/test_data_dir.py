"""The data directory (api/data_dir.py): where it is, and that it is made private."""

from __future__ import annotations

import stat

import pytest

from foraccio.api.data_dir import DATA_DIR_VARIABLE, DataDirError, data_dir, data_dir_path


def test_the_variable_names_it(tmp_path):
    chosen = tmp_path / "chosen"
    assert data_dir_path({DATA_DIR_VARIABLE: str(chosen), "XDG_DATA_HOME": "/elsewhere",
                          "HOME": "/home/x"}) == chosen


def test_else_it_is_under_xdg_data_home():
    for environ in ({"XDG_DATA_HOME": "/data", "HOME": "/home/x"},
                    {DATA_DIR_VARIABLE: "", "XDG_DATA_HOME": "/data"}):
        assert data_dir_path(environ).as_posix() == "/data/foraccio"


@pytest.mark.parametrize("xdg", ["", "relative/data"])
def test_else_under_the_home_directory(xdg):
    # The XDG specification: a relative path in XDG_DATA_HOME is invalid and ignored.
    assert data_dir_path({"XDG_DATA_HOME": xdg, "HOME": "/home/x"}).as_posix() == \
        "/home/x/.local/share/foraccio"


def test_a_relative_path_is_made_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert data_dir_path({DATA_DIR_VARIABLE: "state"}) == tmp_path / "state"


def test_a_missing_directory_is_made_readable_by_its_owner_only(tmp_path):
    path = data_dir({"XDG_DATA_HOME": str(tmp_path / "xdg")})

    assert path == tmp_path / "xdg" / "foraccio"
    assert stat.S_IMODE(path.stat().st_mode) == 0o700


def test_an_existing_directory_is_used_as_it_is(tmp_path):
    tmp_path.chmod(0o750)
    assert data_dir({DATA_DIR_VARIABLE: str(tmp_path)}) == tmp_path
    assert stat.S_IMODE(tmp_path.stat().st_mode) == 0o750


def test_a_file_in_its_place_stops_the_server_naming_the_variable(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(DataDirError, match=f"is not a directory; set {DATA_DIR_VARIABLE}"):
        data_dir({DATA_DIR_VARIABLE: str(tmp_path / "file")})
