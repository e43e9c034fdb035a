"""Checkpoints kept in memory for the snippet's run: tf.train.Saver (TF1), tf.train.Checkpoint and
CheckpointManager (TF2), tf.train.latest_checkpoint / get_checkpoint_state.

A snippet has no files, so nothing is written: a save records the variables' values under the
checkpoint's path (as TensorFlow names it: the prefix, `-STEP` appended), and the directory's
"checkpoint" state (the latest path, the paths kept) as TensorFlow would write it. A restore, a
latest_checkpoint or a get_checkpoint_state in the same run finds them, under any spelling of the
same path (`./model.ckpt` and `model.ckpt` are one checkpoint, as they are one file); a path never
saved in this run is missing, as it is in a fresh directory."""
from __future__ import annotations

import os

import numpy as np

from autograd_cli.tensorflow.core import ctx
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.failures import FailedPreconditionError, InvalidArgumentError, NotFoundError


class _Store:
    """The run's checkpoint "files": prefix -> {variable key: array}; state file -> (latest, kept)."""

    def __init__(self):
        self.checkpoints: dict[str, dict] = {}
        self.metas: set[str] = set()
        self.states: dict[str, tuple[str, list[str]]] = {}

    def clear(self):
        self.__init__()


STORE = _Store()


def reset() -> None:
    """A new run starts with no checkpoints (a fresh directory)."""
    STORE.clear()


def _key(path) -> str:
    """One spelling per file: TensorFlow opens `./m.ckpt` and `m.ckpt` as the same file."""
    return os.path.normpath(os.fspath(path))


def _state_file(directory, latest_filename=None) -> str:
    return _key(os.path.join(os.fspath(directory), latest_filename or "checkpoint"))


def _relative(path: str, directory: str) -> str:
    """A path as the state file keeps it: relative to the file's directory (TensorFlow's relpath)."""
    if os.path.isabs(directory) or os.path.isabs(path):
        return path
    return os.path.relpath(path, directory or os.curdir)


def _write_state(directory, latest, kept, latest_filename=None):
    STORE.states[_state_file(directory, latest_filename)] = (
        _relative(latest, directory), [_relative(p, directory) for p in kept])


def _exists(prefix) -> bool:
    return _key(prefix) in STORE.checkpoints


def _remove(prefix):
    STORE.checkpoints.pop(_key(prefix), None)
    STORE.metas.discard(_key(prefix))


@tf_class("tensorflow.python.training.checkpoint_state_pb2.CheckpointState")
class CheckpointState:
    """The "checkpoint" file's protocol buffer; printed in its text format."""

    def __init__(self, model_checkpoint_path="", all_model_checkpoint_paths=()):
        self.model_checkpoint_path = model_checkpoint_path
        self.all_model_checkpoint_paths = list(all_model_checkpoint_paths)

    def __str__(self):
        lines = [f'model_checkpoint_path: "{self.model_checkpoint_path}"']
        lines += [f'all_model_checkpoint_paths: "{p}"' for p in self.all_model_checkpoint_paths]
        return "\n".join(lines) + "\n"

    __repr__ = __str__


@tf_export("train.get_checkpoint_state", "compat.v1.train.get_checkpoint_state")
def get_checkpoint_state(checkpoint_dir, latest_filename=None):
    directory = os.fspath(checkpoint_dir)
    state = STORE.states.get(_state_file(directory, latest_filename))
    if state is None:
        return None
    join = lambda p: p if os.path.isabs(p) else os.path.join(directory, p)   # noqa: E731
    return CheckpointState(join(state[0]), [join(p) for p in state[1]])


@tf_export("train.latest_checkpoint", "compat.v1.train.latest_checkpoint")
def latest_checkpoint(checkpoint_dir, latest_filename=None):
    state = get_checkpoint_state(checkpoint_dir, latest_filename)
    if state is not None and _exists(state.model_checkpoint_path):
        return state.model_checkpoint_path
    return None


@tf_export("train.checkpoint_exists", "compat.v1.train.checkpoint_exists")
def checkpoint_exists(checkpoint_prefix):
    return _exists(checkpoint_prefix)


# -- TF1: tf.train.Saver


def _var_key(var) -> str:
    return var.name.split(":")[0]


def _session_value(sess, var):
    if var._graph is None:          # an eager variable (a Saver in TF2 code)
        return np.array(var._value)
    value = sess._values.get(var.uid)
    return None if value is None else np.array(value)


@tf_class("tensorflow.python.training.saver.Saver")
@tf_export("compat.v1.train.Saver", "train.Saver")
class Saver:
    def __init__(self, var_list=None, reshape=False, sharded=False, max_to_keep=5,
                 keep_checkpoint_every_n_hours=10000.0, name=None, restore_sequentially=False, saver_def=None,
                 builder=None, defer_build=False, allow_empty=False, write_version=2, pad_step_number=False,
                 save_relative_paths=False, filename=None):
        from autograd_cli.tensorflow.variables import global_variables

        if var_list is None and ctx.eager:
            raise RuntimeError("When eager execution is enabled, `var_list` must specify a list or dict of variables "
                               "to save")
        if isinstance(var_list, dict):
            named = dict(var_list)
        else:
            variables = list(var_list) if var_list is not None else global_variables()
            named = {_var_key(v): v for v in variables}
        if not named and not allow_empty:
            raise ValueError("No variables to save")
        self._named = named
        self._max_to_keep = max_to_keep
        self._pad_step_number = pad_step_number
        self._last_checkpoints: list[str] = []
        if not ctx.eager:        # (its ops' scope: a later `save` op is save_1, as in TensorFlow)
            ctx.graph.unique_name(name or "save")

    @property
    def last_checkpoints(self):
        return list(self._last_checkpoints)

    def set_last_checkpoints(self, last_checkpoints):
        self._last_checkpoints = list(last_checkpoints)

    def save(self, sess, save_path, global_step=None, latest_filename=None, meta_graph_suffix="meta",
             write_meta_graph=True, write_state=True, strip_default_attrs=False, save_debug_info=False):
        latest_filename = latest_filename or "checkpoint"
        if os.path.split(latest_filename)[0]:
            raise ValueError("'latest_filename' must not contain path components")
        save_path = os.fspath(save_path)
        if global_step is not None:
            if not isinstance(global_step, (int, np.integer)):
                from autograd_cli.tensorflow.training import global_step as step_of

                if isinstance(global_step, str):
                    global_step = ctx.graph.get_tensor_by_name(global_step)
                global_step = step_of(sess, global_step)
            path = f"{save_path}-{global_step:08d}" if self._pad_step_number else f"{save_path}-{global_step}"
        else:
            path = save_path
            if os.path.basename(save_path) == latest_filename:
                raise ValueError(f"'latest_filename' collides with 'save_path': '{latest_filename}' and "
                                 f"'{save_path}'")
        if not ctx.eager and not hasattr(sess, "_values"):
            raise TypeError(f"'sess' must be a Session; {sess}")
        values = {}
        for key, var in self._named.items():
            value = _session_value(sess, var)
            if value is None:
                if not os.path.dirname(save_path):     # (TensorFlow's check of the parent directory '' fails)
                    raise ValueError(f"Parent directory of {save_path} doesn't exist, can't save.")
                raise FailedPreconditionError(None, None, f"Attempting to use uninitialized value {var._name}\n"
                                              "\t [[{{node save/SaveV2}}]]")
            values[key] = value
        STORE.checkpoints[_key(path)] = values
        if write_state:
            self._record(path)
            _write_state(os.path.dirname(save_path), path, self._last_checkpoints, latest_filename)
        if write_meta_graph:
            STORE.metas.add(_key(path))
        return path

    def _record(self, path):
        if not self._max_to_keep:
            return
        self._last_checkpoints = [p for p in self._last_checkpoints if p != path] + [path]
        if len(self._last_checkpoints) > self._max_to_keep:
            _remove(self._last_checkpoints.pop(0))

    def restore(self, sess, save_path):
        if not self._named:
            return
        if save_path is None:
            raise ValueError("Can't load save_path when it is None.")
        save_path = os.fspath(save_path)
        saved = STORE.checkpoints.get(_key(save_path))
        if saved is None:
            raise ValueError(f"The passed save_path is not a valid checkpoint: {save_path}")
        for key, var in self._named.items():
            if key not in saved:
                raise NotFoundError(None, None, "Restoring from checkpoint failed. This is most likely due to a "
                                    "Variable name or other graph key that is missing from the checkpoint. Please "
                                    "ensure that you have not altered the graph expected based on the checkpoint. "
                                    f"Original error:\n\nKey {key} not found in checkpoint\n\t [[{{{{node "
                                    "save/RestoreV2}}]]")
            value = saved[key]
            if tuple(value.shape) != tuple(var._shape):
                raise InvalidArgumentError(
                    None, None, "Restoring from checkpoint failed. This is most likely due to a mismatch between the "
                    "current graph and the graph from the checkpoint. Please ensure that you have not altered the "
                    "graph expected based on the checkpoint. Original error:\n\nAssign requires shapes of both "
                    f"tensors to match. lhs shape= {list(var._shape)} rhs shape= {list(value.shape)}\n"
                    "\t [[{{node save/Assign}}]]")
        for key, var in self._named.items():
            value = np.array(saved[key], dtype=var.dtype.np)
            if var._graph is None:
                var._value = value
            else:
                sess._values[var.uid] = value

    def export_meta_graph(self, filename=None, *args, **kwargs):
        if filename is not None:
            STORE.metas.add(_key(os.fspath(filename)[:-len(".meta")] if os.fspath(filename).endswith(".meta")
                                 else filename))


@tf_export("compat.v1.train.import_meta_graph", "train.import_meta_graph")
def import_meta_graph(meta_graph_or_file, clear_devices=False, import_scope=None, **kwargs):
    path = os.fspath(meta_graph_or_file)
    if not (path.endswith(".meta") and path[:-len(".meta")] and _key(path[:-len(".meta")]) in STORE.metas):
        raise OSError(f"File does not exist. Received: {path}.")
    raise NotImplementedError("tf.train.import_meta_graph rebuilds a saved graph, which autograd-cli's TensorFlow "
                              "does not do: build the graph again with the same code (the same variable names), "
                              "then restore its values with tf.train.Saver().restore(sess, path)")


# -- TF2: tf.train.Checkpoint and CheckpointManager


def _tracked(name, obj, out):
    """The variables a checkpoint saves for one attribute: a variable itself, or the variables of
    a module, layer, model or optimizer, in their order (a restore gives them back in that order)."""
    from autograd_cli.tensorflow.variables import Variable

    if isinstance(obj, Variable):
        out[name] = obj
        return
    own = getattr(obj, "_checkpointed_variables", None)     # (a trackable without `variables`: a Generator)
    variables = own() if own is not None else getattr(obj, "variables", None)
    if callable(variables):
        variables = variables()
    if isinstance(obj, Checkpoint):
        for child, value in obj._children.items():
            _tracked(f"{name}/{child}", value, out)
        return
    for index, var in enumerate(variables or ()):
        out[f"{name}/{index}"] = var


@tf_class("tensorflow.python.checkpoint.checkpoint.CheckpointLoadStatus")
class CheckpointLoadStatus:
    def assert_consumed(self):
        return self

    def assert_existing_objects_matched(self):
        return self

    def assert_nontrivial_match(self):
        return self

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None):
        return None

    def initialize_or_restore(self, session=None):
        return None


@tf_class("tensorflow.python.checkpoint.checkpoint.InitializationOnlyStatus")
class InitializationOnlyStatus(CheckpointLoadStatus):
    pass


@tf_class("tensorflow.python.checkpoint.checkpoint.Checkpoint")
@tf_export("train.Checkpoint")
class Checkpoint:
    def __init__(self, root=None, **kwargs):
        self._children = dict(kwargs)
        if root is not None:
            self._children["root"] = root
        self._save_counter = None

    def __getattr__(self, name):
        children = self.__dict__.get("_children", {})
        if name in children:
            return children[name]
        raise AttributeError(f"'Checkpoint' object has no attribute '{name}'")

    @property
    def save_counter(self):
        if self._save_counter is None:
            from autograd_cli.tensorflow.variables import Variable

            with _eager_scope():
                self._save_counter = Variable(0, dtype="int64", trainable=False, name="save_counter")
        return self._save_counter

    def _values(self, with_counter=False):
        named = {}
        for name, obj in self._children.items():
            _tracked(name, obj, named)
        if self._save_counter is not None or with_counter:     # (saved and restored with the rest, as in TF2)
            named["save_counter"] = self.save_counter
        return {key: np.array(var._value) for key, var in named.items()}, named

    def write(self, file_prefix, options=None):
        prefix = os.fspath(file_prefix)
        STORE.checkpoints[_key(prefix)] = self._values()[0]
        return prefix

    def save(self, file_prefix, options=None):
        counter = self.save_counter
        counter.assign_add(1)
        path = self.write(f"{os.fspath(file_prefix)}-{int(counter._value)}")
        directory = os.path.dirname(os.fspath(file_prefix))
        _write_state(directory, path, [path])
        return path

    def read(self, save_path, options=None):
        return self.restore(save_path, options)

    def restore(self, save_path, options=None):
        if save_path is None:
            return InitializationOnlyStatus()
        save_path = os.fspath(save_path)
        saved = STORE.checkpoints.get(_key(save_path))
        if saved is None:
            raise NotFoundError(None, None, f"Error when restoring from checkpoint or SavedModel at {save_path}: "
                                "Unsuccessful TensorSliceReader constructor: Failed to find any matching files for "
                                f"{save_path}\nPlease double-check that the path is correct. You may be missing the "
                                "checkpoint suffix (e.g. the '-1' in 'path/to/ckpt-1').")
        for key, var in self._values(with_counter="save_counter" in saved)[1].items():
            if key in saved and tuple(saved[key].shape) == tuple(var._value.shape):
                var._value = np.array(saved[key], dtype=var.dtype.np)
        return CheckpointLoadStatus()


class _eager_scope:
    """Variables the checkpoint makes for itself (its save counter) are eager, as in TF2."""

    def __enter__(self):
        self._eager, ctx.eager = ctx.eager, True

    def __exit__(self, *exc):
        ctx.eager = self._eager


@tf_class("tensorflow.python.checkpoint.checkpoint_management.CheckpointManager")
@tf_export("train.CheckpointManager")
class CheckpointManager:
    def __init__(self, checkpoint, directory, max_to_keep, keep_checkpoint_every_n_hours=None,
                 checkpoint_name="ckpt", step_counter=None, checkpoint_interval=None, init_fn=None):
        if not directory:
            raise ValueError("A non-empty directory is required.")
        self._checkpoint = checkpoint
        self._directory = os.fspath(directory)
        self._max_to_keep = max_to_keep
        self._prefix = os.path.join(self._directory, checkpoint_name)
        state = get_checkpoint_state(self._directory)
        self._kept = [p for p in state.all_model_checkpoint_paths if _exists(p)] if state is not None else []
        self._latest = state.model_checkpoint_path if state is not None else None

    @property
    def directory(self):
        return self._directory

    @property
    def checkpoints(self):
        return list(self._kept)

    @property
    def latest_checkpoint(self):
        return self._kept[-1] if self._kept else None

    def save(self, checkpoint_number=None, check_interval=True, options=None):
        counter = self._checkpoint.save_counter
        if checkpoint_number is None:
            checkpoint_number = int(counter._value) + 1
        elif hasattr(checkpoint_number, "numpy"):
            checkpoint_number = int(checkpoint_number.numpy())
        counter.assign_add(1)
        path = self._checkpoint.write(f"{self._prefix}-{int(checkpoint_number)}")
        self._kept = [p for p in self._kept if p != path] + [path]
        if self._max_to_keep is not None:
            while len(self._kept) > self._max_to_keep:
                _remove(self._kept.pop(0))
        _write_state(self._directory, path, self._kept)
        return path

    def restore_or_initialize(self):
        if self.latest_checkpoint is not None:
            self._checkpoint.restore(self.latest_checkpoint)
            return self.latest_checkpoint
        return None
