"""Keras' spatial layers (channels last): Conv1D, Conv2D, Conv2DTranspose, UpSampling2D, the
poolings, and BatchNormalization, on tf.nn.conv2d / max_pool2d / avg_pool2d /
batch_normalization."""
from __future__ import annotations

from autograd_cli.tensorflow.conv_ops import transposed_conv
from autograd_cli.tensorflow.keras import activations, constraints, initializers, regularizers
from autograd_cli.tensorflow.keras._support import incompatible_input, tf
from autograd_cli.tensorflow.keras.layers import Layer
from autograd_cli.tensorflow.exports import tf_class


def _pair(value, name):
    if isinstance(value, int):
        return (value, value)
    value = tuple(int(v) for v in value)
    if len(value) != 2:
        raise ValueError(f"The `{name}` argument must be a tuple of 2 integers. Received {name}={value}")
    return value


def _padding(padding):
    padding = str(padding).lower()
    if padding not in ("valid", "same"):
        raise ValueError(f"The `padding` argument must be a string, one of `'valid'`, `'same'`. Received: "
                         f"padding={padding}")
    return padding


def _spatial_out(size, window, stride, padding):
    if size is None:
        return None
    return -(-size // stride) if padding == "same" else (size - window) // stride + 1


@tf_class("keras.src.layers.convolutional.conv2d.Conv2D")
class Conv2D(Layer):
    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1),
                 groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if data_format not in (None, "channels_last") or _pair(dilation_rate, "dilation_rate") != (1, 1) or groups != 1:
            raise NotImplementedError("Conv2D: only channels_last, no dilation and groups=1 are supported here")
        self.filters = int(filters)
        self.kernel_size = _pair(kernel_size, "kernel_size")
        self.strides = _pair(strides, "strides")
        self.padding = _padding(padding)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.kernel = None
        self.bias = None

    def _add_kernel_and_bias(self, kernel_shape):
        self.kernel = self.add_weight(shape=kernel_shape, initializer=self.kernel_initializer, name="kernel",
                                      regularizer=self.kernel_regularizer, constraint=self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight(shape=(self.filters,), initializer=self.bias_initializer, name="bias",
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        self.built = True

    def build(self, input_shape):
        if input_shape is None or len(input_shape) != 4 or input_shape[-1] is None:
            raise incompatible_input(f"Input 0 of layer \"{self.name}\" is incompatible with the layer: expected ndim=4, "
                             f"found shape={input_shape}")
        self._add_kernel_and_bias(self.kernel_size + (input_shape[-1], self.filters))

    def call(self, inputs):
        if not inputs.dtype.is_floating:
            inputs = tf.cast(inputs, self.kernel.dtype)
        x = tf.nn.conv2d(inputs, self.kernel, strides=list(self.strides), padding=self.padding.upper())
        if self.bias is not None:
            x = tf.add(x, tf.reshape(self.bias, (1, 1, 1, self.filters)))
        return self.activation(x)

    def compute_output_shape(self, input_shape):
        n, h, w, _ = input_shape
        (kh, kw), (sh, sw) = self.kernel_size, self.strides
        return (n, _spatial_out(h, kh, sh, self.padding), _spatial_out(w, kw, sw, self.padding), self.filters)


class _Pooling2D(Layer):
    def __init__(self, pool_size=(2, 2), strides=None, padding="valid", data_format=None, **kwargs):
        super().__init__(**kwargs)
        if data_format not in (None, "channels_last"):
            raise NotImplementedError(f"{type(self).__name__}: only channels_last is supported here")
        self.pool_size = _pair(pool_size, "pool_size")
        self.strides = self.pool_size if strides is None else _pair(strides, "strides")
        self.padding = _padding(padding)

    def compute_output_shape(self, input_shape):
        n, h, w, c = input_shape
        (ph, pw), (sh, sw) = self.pool_size, self.strides
        return (n, _spatial_out(h, ph, sh, self.padding), _spatial_out(w, pw, sw, self.padding), c)


@tf_class("keras.src.layers.pooling.max_pooling2d.MaxPooling2D")
class MaxPooling2D(_Pooling2D):
    def call(self, inputs):
        return tf.nn.max_pool2d(inputs, list(self.pool_size), list(self.strides), self.padding.upper())


@tf_class("keras.src.layers.pooling.average_pooling2d.AveragePooling2D")
class AveragePooling2D(_Pooling2D):
    def call(self, inputs):
        return tf.nn.avg_pool2d(inputs, list(self.pool_size), list(self.strides), self.padding.upper())


@tf_class("keras.src.layers.pooling.global_average_pooling2d.GlobalAveragePooling2D")
class GlobalAveragePooling2D(Layer):
    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.keepdims = keepdims

    def call(self, inputs):
        return tf.reduce_mean(inputs, axis=[1, 2], keepdims=self.keepdims)

    def compute_output_shape(self, input_shape):
        n, _, _, c = input_shape
        return (n, 1, 1, c) if self.keepdims else (n, c)


@tf_class("keras.src.layers.pooling.global_average_pooling1d.GlobalAveragePooling1D")
class GlobalAveragePooling1D(Layer):
    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.keepdims = keepdims

    def call(self, inputs, mask=None):
        return tf.reduce_mean(inputs, axis=1, keepdims=self.keepdims)

    def compute_output_shape(self, input_shape):
        n, _, c = input_shape
        return (n, 1, c) if self.keepdims else (n, c)


@tf_class("keras.src.layers.convolutional.conv1d.Conv1D")
class Conv1D(Conv2D):
    """A Conv2D over a height of 1: kernel (kernel_size, input channels, filters), as Keras'."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
                 groups=1, **kwargs):
        if str(padding).lower() == "causal":
            raise NotImplementedError("Conv1D: padding='causal' is not supported here")
        super().__init__(filters, (1, _single(kernel_size, "kernel_size")), (1, _single(strides, "strides")),
                         padding, data_format, (1, _single(dilation_rate, "dilation_rate")), groups, **kwargs)

    def build(self, input_shape):
        if input_shape is None or len(input_shape) != 3 or input_shape[-1] is None:
            raise incompatible_input(f"Input 0 of layer \"{self.name}\" is incompatible with the layer: expected ndim=3, "
                             f"found ndim={0 if input_shape is None else len(input_shape)}. Full shape received: "
                             f"{input_shape}")
        self._add_kernel_and_bias((self.kernel_size[1], input_shape[-1], self.filters))

    def call(self, inputs):
        if not inputs.dtype.is_floating:
            inputs = tf.cast(inputs, self.kernel.dtype)
        x = tf.nn.conv2d(tf.expand_dims(inputs, 1), tf.expand_dims(self.kernel, 0), strides=list(self.strides),
                         padding=self.padding.upper())
        x = tf.squeeze(x, 1)
        if self.bias is not None:
            x = tf.add(x, tf.reshape(self.bias, (1, 1, self.filters)))
        return self.activation(x)

    def compute_output_shape(self, input_shape):
        n, length, _ = input_shape
        return (n, _spatial_out(length, self.kernel_size[1], self.strides[1], self.padding), self.filters)


def _single(value, name):
    if isinstance(value, int):
        return value
    value = tuple(int(v) for v in value)
    if len(value) != 1:
        raise ValueError(f"The `{name}` argument must be a tuple of 1 integers. Received {name}={value}")
    return value[0]


def _transposed_length(size, window, stride, padding):
    """Keras' deconv_output_length (no output_padding)."""
    if size is None:
        return None
    return size * stride if padding == "same" else size * stride + max(window - stride, 0)


@tf_class("keras.src.layers.convolutional.conv2d_transpose.Conv2DTranspose")
class Conv2DTranspose(Conv2D):
    """Keras' Conv2DTranspose: kernel (kh, kw, filters, input channels); the transpose of a
    Conv2D whose input has the output's size (tf.nn.conv2d_transpose's composition)."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", output_padding=None,
                 data_format=None, dilation_rate=(1, 1), **kwargs):
        if output_padding is not None:
            raise NotImplementedError("Conv2DTranspose: output_padding is not supported here")
        super().__init__(filters, kernel_size, strides, padding, data_format, dilation_rate, **kwargs)

    def build(self, input_shape):
        if input_shape is None or len(input_shape) != 4 or input_shape[-1] is None:
            raise incompatible_input(f"Input 0 of layer \"{self.name}\" is incompatible with the layer: expected ndim=4, "
                             f"found shape={input_shape}")
        self._add_kernel_and_bias(self.kernel_size + (self.filters, input_shape[-1]))

    def call(self, inputs):
        if not inputs.dtype.is_floating:
            inputs = tf.cast(inputs, self.kernel.dtype)
        _, h, w, _ = inputs.shape.as_list()
        (kh, kw), (sh, sw) = self.kernel_size, self.strides
        oh, ow = (_transposed_length(h, kh, sh, self.padding), _transposed_length(w, kw, sw, self.padding))
        x = transposed_conv(inputs, self.kernel, (oh, ow), (sh, sw), self.padding.upper())
        if self.bias is not None:
            x = tf.add(x, tf.reshape(self.bias, (1, 1, 1, self.filters)))
        return self.activation(x)

    def compute_output_shape(self, input_shape):
        n, h, w, _ = input_shape
        (kh, kw), (sh, sw) = self.kernel_size, self.strides
        return [n, _transposed_length(h, kh, sh, self.padding), _transposed_length(w, kw, sw, self.padding),
                self.filters]        # (a list, as Keras' compute_conv_transpose_output_shape gives)


@tf_class("keras.src.layers.reshaping.up_sampling2d.UpSampling2D")
class UpSampling2D(Layer):
    """Each row repeated size[0] times and each column size[1] times (interpolation 'nearest')."""

    def __init__(self, size=(2, 2), data_format=None, interpolation="nearest", **kwargs):
        super().__init__(**kwargs)
        if data_format not in (None, "channels_last") or interpolation != "nearest":
            raise NotImplementedError("UpSampling2D: only channels_last and interpolation='nearest' are supported "
                                      "here")
        self.size = _pair(size, "size")

    def call(self, inputs):
        _, h, w, c = inputs.shape.as_list()
        rows, cols = self.size
        x = tf.tile(tf.reshape(inputs, (-1, h, 1, w, 1, c)), [1, 1, rows, 1, cols, 1])
        return tf.reshape(x, (-1, h * rows, w * cols, c))

    def compute_output_shape(self, input_shape):
        n, h, w, c = input_shape
        return (n, None if h is None else h * self.size[0], None if w is None else w * self.size[1], c)


class _GlobalPooling(Layer):
    _axes = (1,)

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        if data_format not in (None, "channels_last"):
            raise NotImplementedError(f"{type(self).__name__}: only channels_last is supported here")
        self.keepdims = keepdims

    def call(self, inputs):
        return tf.reduce_max(inputs, axis=list(self._axes), keepdims=self.keepdims)

    def compute_output_shape(self, input_shape):
        kept = [1 if i in self._axes else d for i, d in enumerate(input_shape)]
        return tuple(kept) if self.keepdims else (input_shape[0], input_shape[-1])


@tf_class("keras.src.layers.pooling.global_max_pooling1d.GlobalMaxPooling1D")
class GlobalMaxPooling1D(_GlobalPooling):
    _axes = (1,)


@tf_class("keras.src.layers.pooling.global_max_pooling2d.GlobalMaxPooling2D")
class GlobalMaxPooling2D(_GlobalPooling):
    _axes = (1, 2)


@tf_class("keras.src.layers.normalization.batch_normalization.BatchNormalization")
class BatchNormalization(Layer):
    """Keras 3's: in training the batch's moments (tf.nn.moments) normalise and move the
    moving statistics; otherwise the moving statistics normalise."""

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", moving_mean_initializer="zeros", moving_variance_initializer="ones",
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 synchronized=False, **kwargs):
        super().__init__(**kwargs)
        self.axis, self.momentum, self.epsilon = axis, momentum, epsilon
        self.center, self.scale = center, scale
        self._initializers = [initializers.get(i) for i in (gamma_initializer, beta_initializer,
                                                            moving_mean_initializer, moving_variance_initializer)]
        self.gamma = self.beta = self.moving_mean = self.moving_variance = None

    def build(self, input_shape):
        shape = (input_shape[self.axis],)
        gamma, beta, mean, variance = self._initializers
        if self.scale:
            self.gamma = self.add_weight(shape=shape, initializer=gamma, name="gamma")
        if self.center:
            self.beta = self.add_weight(shape=shape, initializer=beta, name="beta")
        self.moving_mean = self.add_weight(shape=shape, initializer=mean, name="moving_mean", trainable=False)
        self.moving_variance = self.add_weight(shape=shape, initializer=variance, name="moving_variance",
                                               trainable=False)
        self.built = True

    def call(self, inputs, training=None, mask=None):
        rank = len(inputs.shape)
        axis = self.axis % rank
        axes = [a for a in range(rank) if a != axis]
        if training and self.trainable:
            mean, variance = tf.nn.moments(inputs, axes)
            self.moving_mean.assign(self.moving_mean * self.momentum + mean * (1.0 - self.momentum))
            self.moving_variance.assign(self.moving_variance * self.momentum + variance * (1.0 - self.momentum))
        else:
            mean, variance = self.moving_mean, self.moving_variance
        shape = [1] * rank
        shape[axis] = -1

        def along(t):
            return None if t is None else tf.reshape(t, shape) if axis != rank - 1 else t
        return tf.nn.batch_normalization(inputs, along(mean), along(variance), along(self.beta), along(self.gamma),
                                         self.epsilon)


@tf_class("keras.src.layers.convolutional.depthwise_conv2d.DepthwiseConv2D")
class DepthwiseConv2D(Conv2D):
    """Each input channel convolved with depth_multiplier filters of its own (tf.nn.depthwise_conv2d):
    kernel (kh, kw, input channels, depth_multiplier), bias (input channels * depth_multiplier,)."""

    def __init__(self, kernel_size, strides=(1, 1), padding="valid", depth_multiplier=1, data_format=None,
                 dilation_rate=(1, 1), activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 bias_initializer="zeros", depthwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(1, kernel_size, strides, padding, data_format, dilation_rate, activation=activation,
                         use_bias=use_bias, kernel_initializer=depthwise_initializer,
                         bias_initializer=bias_initializer, kernel_regularizer=depthwise_regularizer,
                         bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                         kernel_constraint=depthwise_constraint, bias_constraint=bias_constraint, **kwargs)
        self.depth_multiplier = int(depth_multiplier)
        self.depthwise_initializer = self.kernel_initializer

    def build(self, input_shape):
        if input_shape is None or len(input_shape) < 4:
            rank = 0 if input_shape is None else len(input_shape)
            raise incompatible_input(f"Input 0 of layer \"{self.name}\" is incompatible with the layer: expected "
                                     f"min_ndim=4, found ndim={rank}. Full shape received: {input_shape}")
        self.filters = input_shape[-1] * self.depth_multiplier
        self._add_kernel_and_bias(self.kernel_size + (input_shape[-1], self.depth_multiplier))

    def call(self, inputs):
        if not inputs.dtype.is_floating:
            inputs = tf.cast(inputs, self.kernel.dtype)
        x = tf.nn.depthwise_conv2d(inputs, self.kernel, strides=[1, *self.strides, 1], padding=self.padding.upper())
        if self.bias is not None:
            x = tf.add(x, tf.reshape(self.bias, (1, 1, 1, self.filters)))
        return self.activation(x)

    def compute_output_shape(self, input_shape):
        self.filters = input_shape[-1] * self.depth_multiplier
        return super().compute_output_shape(input_shape)


CLASSES = {"Conv2D": Conv2D, "Convolution2D": Conv2D, "MaxPooling2D": MaxPooling2D, "MaxPool2D": MaxPooling2D,
           "AveragePooling2D": AveragePooling2D, "AvgPool2D": AveragePooling2D,
           "GlobalAveragePooling2D": GlobalAveragePooling2D, "GlobalAvgPool2D": GlobalAveragePooling2D,
           "GlobalAveragePooling1D": GlobalAveragePooling1D, "GlobalAvgPool1D": GlobalAveragePooling1D,
           "BatchNormalization": BatchNormalization, "Conv1D": Conv1D, "Convolution1D": Conv1D,
           "Conv2DTranspose": Conv2DTranspose, "Convolution2DTranspose": Conv2DTranspose,
           "UpSampling2D": UpSampling2D, "GlobalMaxPooling1D": GlobalMaxPooling1D,
           "GlobalMaxPool1D": GlobalMaxPooling1D, "GlobalMaxPooling2D": GlobalMaxPooling2D,
           "GlobalMaxPool2D": GlobalMaxPooling2D, "DepthwiseConv2D": DepthwiseConv2D}
__all__ = sorted(CLASSES)
